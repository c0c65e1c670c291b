import DuetPlatform

/// The `coverage --html` page: the counts per feature, then each counted file's source with the
/// lines of unreached regions marked (`✗` and a red band; colour is never the only mark), each
/// first line saying which case it is and which scenario would reach it. One self-contained file.
enum CoverageHTML {
  /// The page; `source` reads a file of the repository by its relative path.
  static func render(_ report: CoverageReport, source: (String) -> String?) -> String {
    var page = "<table><thead><tr><th>feature</th><th>module</th><th>lines</th><th>regions</th></tr></thead><tbody>\n"
    for group in report.groups {
      page +=
        "<tr><th>\(HTMLText.escape(group.feature ?? "(shared)"))</th><td>\(HTMLText.escape(group.module))</td>"
        + "<td>\(group.lines.shown)</td><td>\(group.regions.shown)</td></tr>\n"
    }
    page += "</tbody></table>\n"
    for group in report.groups {
      for file in group.files {
        page += "<h2>\(HTMLText.escape(file.path))</h2>\n<p class=\"summary\">lines \(file.lines.shown), "
        page += "regions \(file.regions.shown)</p>\n"
        page += sourceTable(file, module: group.module, text: source(file.path) ?? "")
      }
    }
    return StrengthPage.document(
      verb: "coverage", verdict: report.passed ? "PASS" : "FAIL",
      summary: "Reducer modules: lines \(report.lines.shown), regions \(report.regions.shown), reached by "
        + "\(report.recordings) recordings.", style: StrengthPage.style, body: page)
  }

  /// One file's lines, the unreached ones marked.
  static func sourceTable(_ file: FileCoverage, module: String, text: String) -> String {
    var missed: [Int: UnreachedRegion] = [:]
    var starts: [Int: UnreachedRegion] = [:]
    for region in file.unreached {
      starts[region.line] = starts[region.line] ?? region
      for line in region.line...max(region.line, region.endLine) { missed[line] = missed[line] ?? region }
    }
    var table = "<table class=\"source\"><tbody>\n"
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let miss = missed[number] != nil
      var note = ""
      if let region = starts[number] {
        note =
          "<div class=\"note\">" + HTMLText.escape(CoverageReport.line(region, file: file.path, module: module))
          + "</div>"
      }
      table += StrengthPage.sourceRow(
        number, mark: miss ? "✗" : "", String(line), kind: miss ? "miss" : nil, note: note)
    }
    return table + "</tbody></table>\n"
  }
}
