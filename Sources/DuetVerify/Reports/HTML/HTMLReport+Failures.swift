/// The failures section: one block per failed recording per lane, with the failure block's
/// fields and a diff of the divergent fragments.
extension HTMLReport {
  static func failures(_ page: ParityPage) -> String {
    let count = page.lanes.reduce(0) { $0 + $1.results.filter { !$0.passed }.count }
    guard count > 0 else { return "" }
    var html = "<section id=\"failures\">\n<h2>Failures (\(count))</h2>\n"
    for (laneIndex, lane) in page.lanes.enumerated() {
      for (index, result) in lane.results.enumerated() where !result.passed {
        html += failure(
          result, lane: lane.platform, id: anchor(lane: laneIndex, result: index), arguments: lane.arguments)
      }
    }
    return html + "</section>\n"
  }

  static func failure(_ result: FixtureResult, lane: String, id: String, arguments: ParsedArguments) -> String {
    guard let failure = result.failure else { return "" }
    let header = FailureBlock.header(result, failure) { _ in "" }.trimmingLeadingSpaces
    var html = "<article class=\"failure\" id=\"\(id)\">\n<h3>✗ " + HTMLText.escape(header) + "</h3>\n<dl>\n"
    var fields: [(String, String)] = [("lane", lane), ("recording", result.name), ("file", result.file)]
    if let step = failure.step { fields.append(("step", String(step))) }
    if let node = failure.node { fields.append(("node", node)) }
    if let label = failure.label { fields.append(("label", label)) }
    fields.append(("failure", FailureBlock.phrase(failure.reason)))
    if let divergence = failure.divergence {
      fields += [("at", divergence.path), ("expected", divergence.expected), ("actual", divergence.actual)]
    }
    if let detail = failure.detail { fields.append(("note", detail)) }
    if let action = failure.action { fields.append(("action", action)) }
    if let source = result.scenarioSource {
      fields.append(("scenario", source + (failure.line.map { ":\($0)" } ?? "")))
    }
    if let next = FailureBlock.next(result, failure, arguments: arguments) { fields.append(("next", next)) }
    for (name, value) in fields {
      html += "<dt>\(name)</dt><dd><code>" + HTMLText.escape(value) + "</code></dd>\n"
    }
    html += "</dl>\n"
    if let stderr = failure.stderr, !stderr.isEmpty {
      html += "<details open><summary>runner stderr (last lines)</summary>\n<pre class=\"stderr\">"
      html += HTMLText.escape(stderr.joined(separator: "\n")) + "</pre>\n</details>\n"
    }
    if let diff = failure.diff { html += self.diff(diff) }
    return html + "</article>\n"
  }

  /// The failure's compact diff (`CompactDiff`, the same hunk the terminal shows) as a `<pre>`:
  /// each line starts with `-` (expected), `+` (actual) or a space, so the sides read without
  /// colour too.
  static func diff(_ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    var html = "<p class=\"legend\"><span class=\"del\">- expected (the recording)</span> "
    html += "<span class=\"ins\">+ actual (the runner)</span></p>\n<pre class=\"diff\">"
    for line in lines {
      let kind = line.hasPrefix("- ") ? "del" : line.hasPrefix("+ ") ? "ins" : line.hasPrefix("…") ? "gap" : "ctx"
      html += "<span class=\"\(kind)\">" + HTMLText.escape(line) + "\n</span>"
    }
    return html + "</pre>\n"
  }
}
