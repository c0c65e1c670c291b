import Foundation

/// The `coverage --html` page: the counts per feature, then each counted file's source with the
/// lines of unreached regions marked (`✗` and a red band; colour is never the only mark), each
/// first line saying which case it is and which scenario would reach it. One self-contained file.
enum CoverageHTML {
  /// The page; `source` reads a file of the repository by its relative path.
  static func render(_ report: CoverageReport, source: (String) -> String?) -> String {
    var page = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(Program.name) coverage</title>
      <style>\(style)</style></head><body>
      <h1>\(Program.name) coverage: \(report.passed ? "PASS" : "FAIL")</h1>
      <p class="summary">Reducer modules: lines \(report.lines.shown), regions \(report.regions.shown), \
      reached by \(report.recordings) recordings.</p>

      """
    page += "<table><thead><tr><th>feature</th><th>module</th><th>lines</th><th>regions</th></tr></thead><tbody>\n"
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
    return page + "</body></html>\n"
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
      table +=
        "<tr\(miss ? " class=\"miss\"" : "")><td class=\"n\">\(number)</td><td class=\"m\">\(miss ? "✗" : "")</td>"
        + "<td><pre>\(HTMLText.escape(String(line)))</pre>\(note)</td></tr>\n"
    }
    return table + "</tbody></table>\n"
  }

  static let style = """
    body { font: 15px/1.45 system-ui, sans-serif; color: #1d2330; background: #f6f7f9; margin: 0; padding: 24px 32px; }
    table { border-collapse: collapse; background: #fff; margin: 8px 0 24px; }
    th, td { border: 1px solid #d6dae1; padding: 4px 10px; text-align: left; vertical-align: top; }
    table.source td { border: none; padding: 0 8px; }
    table.source td.n { color: #7b8391; text-align: right; }
    pre { margin: 0; font: 13px ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
    tr.miss { background: #fde7e7; }
    td.m { color: #a3161b; font-weight: 600; }
    .note { color: #a3161b; font-size: 13px; }
    .summary { color: #4a5261; }
    """
}
