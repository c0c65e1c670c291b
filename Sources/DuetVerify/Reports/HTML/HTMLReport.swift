/// `verify --html FILE`: one self-contained page to look at: the lane × feature matrix coloured by
/// result, every failure with its diff, and the taxonomy table.
///
/// No external assets and no scripts: the style sheet is inline and collapsible parts use
/// `<details>`, so the page reads the same from a CI artifact, an e-mail or a file browser. Every
/// result is said in text (`✓`/`✗`, `PASS`/`FAIL`) as well as in colour. Everything taken from
/// recordings or runners is escaped (`HTMLText.escape`).
enum HTMLReport {
  /// The whole document.
  static func render(_ page: ParityPage) -> String {
    let verdict = page.passed ? "PASS" : "FAIL"
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Program.prefix("verify"))\(verdict)</title>
      <style>
      \(HTMLStyle.sheet)</style>
      </head>
      <body>

      """
    html += header(page)
    html += matrix(page)
    html += parityBreaks(page)
    html += problems(page)
    html += failures(page)
    html += taxonomy(page.taxonomy)
    html += "<footer>Written by \(Program.name) verify --html. No scripts, no external files.</footer>\n"
    html += "</body>\n</html>\n"
    return html
  }

  static func header(_ page: ParityPage) -> String {
    let mark = page.passed ? "✓ PASS" : "✗ FAIL"
    var html = "<header>\n<h1>\(Program.prefix("verify"))<span class=\"verdict \(page.passed ? "pass" : "fail")\">"
    html += mark + "</span></h1>\n<p class=\"summary\">"
    let lanes = page.lanes.map { lane in
      let passed = lane.results.filter(\.passed).count
      return "\(passed)/\(lane.results.count) recordings passed on " + HTMLText.escape(lane.platform)
    }
    html += lanes.isEmpty ? "no recordings were replayed" : lanes.joined(separator: ", ")
    if let shard = page.shard { html += " (shard \(shard.index) of \(shard.count))" }
    return html + "</p>\n</header>\n"
  }

  /// The matrix: one row per feature (then chains), one column per lane.
  static func matrix(_ page: ParityPage) -> String {
    var html = "<section id=\"matrix\">\n<h2>Recordings by feature and lane</h2>\n"
    guard !page.lanes.isEmpty, !page.rows.isEmpty else {
      return html + "<p>No recordings were replayed.</p>\n</section>\n"
    }
    html += "<table class=\"matrix\">\n<thead><tr><th scope=\"col\">Feature</th>"
    for lane in page.lanes { html += "<th scope=\"col\" class=\"lane\">" + HTMLText.escape(lane.platform) + "</th>" }
    html += "</tr></thead>\n<tbody>\n"
    for row in page.rows {
      html += "<tr class=\"feature-row\"><th scope=\"row\">" + rowName(row) + "</th>"
      for (laneIndex, lane) in page.lanes.enumerated() {
        html += cell(row, lane: lane, laneIndex: laneIndex)
      }
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  static func rowName(_ row: ParityPage.Row) -> String {
    switch row {
    case .feature(let name): return "<code>" + HTMLText.escape(name) + "</code>"
    case .chains: return "<em>chains</em>"
    }
  }

  /// One lane's results for one row: `✓ 5/5`, or `✗ 4/5` with links to each failure.
  static func cell(_ row: ParityPage.Row, lane: ParityPage.Column, laneIndex: Int) -> String {
    let mine = lane.results.enumerated().filter { ParityPage.Row($0.element) == row }
    guard !mine.isEmpty else { return "<td class=\"cell none\">— not replayed</td>" }
    let failed = mine.filter { !$0.element.passed }
    let counts = "\(mine.count - failed.count)/\(mine.count)"
    guard !failed.isEmpty else { return "<td class=\"cell pass\">✓ \(counts) passed</td>" }
    var html = "<td class=\"cell fail\">✗ \(counts) passed<ul>"
    for (index, result) in failed {
      html += "<li><a href=\"#\(anchor(lane: laneIndex, result: index))\">" + HTMLText.escape(result.name) + "</a></li>"
    }
    return html + "</ul></td>"
  }

  /// A failure's id: positions only, never a name a recording chose.
  static func anchor(lane: Int, result: Int) -> String {
    "failure-\(lane + 1)-\(result + 1)"
  }

  /// Lint problems, taxonomy errors and runner failures: what failed besides the recordings.
  static func problems(_ page: ParityPage) -> String {
    let groups = [
      ("Lint problems", page.lintProblems), ("Taxonomy errors", page.taxonomyErrors),
      ("Runner failures", page.runnerFailures),
    ].filter { !$0.1.isEmpty }
    guard !groups.isEmpty else { return "" }
    var html = "<section id=\"problems\">\n<h2>Other problems</h2>\n"
    for (title, lines) in groups {
      html += "<h3>✗ \(title) (\(lines.count))</h3>\n<ul class=\"problems\">\n"
      for line in lines { html += "<li><pre>" + HTMLText.escape(line) + "</pre></li>\n" }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }
}
