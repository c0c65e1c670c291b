/// The taxonomy section: one row per event (name, status, declaring and emitting features,
/// parameters, the recordings that pin it), then the gate's findings. The same report value
/// `duet-verify taxonomy` prints.
extension HTMLReport {
  static func taxonomy(_ report: TaxonomyReport?) -> String {
    guard let report else { return "" }
    var html = "<section id=\"taxonomy\">\n<h2>Event taxonomy</h2>\n<p>" + HTMLText.escape(report.summary) + "</p>\n"
    if !report.events.isEmpty {
      html += "<table class=\"taxonomy\">\n<thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Status</th>"
      html += "<th scope=\"col\">Declared by</th><th scope=\"col\">Emitted by</th><th scope=\"col\">Parameters</th>"
      html += "<th scope=\"col\">Recordings that pin it</th></tr></thead>\n<tbody>\n"
      for event in report.events { html += row(event, report: report) }
      html += "</tbody>\n</table>\n"
    }
    if !report.findings.isEmpty {
      html += "<ul class=\"findings\">\n"
      for finding in report.findings {
        let error = finding.severity == .error
        html += "<li class=\"\(error ? "fail" : "warn")\"><pre>" + (error ? "✗ error: " : "! warning: ")
        html += HTMLText.escape(finding.message) + "</pre></li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }

  static func row(_ event: TaxonomyReport.Event, report: TaxonomyReport) -> String {
    let status: String
    switch event.status {
    case .declared: status = "<td class=\"pass\">✓ declared</td>"
    case .undeclared: status = "<td class=\"fail\">✗ undeclared</td>"
    case .neverRecorded: status = "<td class=\"warn\">! never recorded</td>"
    }
    var html = "<tr class=\"event-row\"><th scope=\"row\"><code>" + HTMLText.escape(event.name) + "</code></th>"
    html += status + "<td>" + names(event.declaredBy) + "</td><td>" + names(event.owners) + "</td><td>"
    if event.params.isEmpty {
      html += "—"
    } else {
      html += "<ul>"
      for param in event.params {
        html += "<li>" + HTMLText.escape(report.describe(param, quote: { $0 })) + "</li>"
      }
      html += "</ul>"
    }
    return html + "</td><td>" + names(event.fixtures) + "</td></tr>\n"
  }

  static func names(_ names: [String]) -> String {
    names.isEmpty ? "—" : names.map { "<code>" + HTMLText.escape($0) + "</code>" }.joined(separator: ", ")
  }
}
