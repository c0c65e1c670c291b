/// The parity-break section of a run with several lanes: one row per recording that passes on one
/// lane and fails on another (the two cores disagree about it), with the lanes on each side and
/// the first divergent step and path on the red lane, linked to that failure's block.
extension HTMLReport {
  static func parityBreaks(_ page: ParityPage) -> String {
    guard !page.parityBreaks.isEmpty else { return "" }
    var html = "<section id=\"parity-breaks\">\n<h2>Parity breaks (\(page.parityBreaks.count))</h2>\n"
    html += "<p>Each recording here passes on one lane and fails on another: the cores disagree about it.</p>\n"
    html += "<table class=\"parity\">\n<thead><tr><th scope=\"col\">Recording</th><th scope=\"col\">Green on</th>"
    html += "<th scope=\"col\">Red on</th><th scope=\"col\">First divergent step</th><th scope=\"col\">Path</th>"
    html += "</tr></thead>\n<tbody>\n"
    for parity in page.parityBreaks { html += row(parity, page: page) }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  static func row(_ parity: ParityBreak, page: ParityPage) -> String {
    let lanes = { (names: [String]) in names.map { HTMLText.escape($0) }.joined(separator: ", ") }
    var html = "<tr class=\"parity-row\"><th scope=\"row\"><code>" + HTMLText.escape(parity.fixture) + "</code></th>"
    html += "<td class=\"pass\">✓ " + lanes(parity.passedOn) + "</td><td class=\"fail\">✗ " + lanes(parity.failedOn)
    html += "</td><td>"
    let step = parity.step.map { "step \($0)" } ?? "before any step"
    if let anchor = failureAnchor(parity, page: page) {
      html += "<a href=\"#\(anchor)\">" + step + " on " + HTMLText.escape(parity.failedOn[0]) + "</a>"
    } else {
      html += step
    }
    html += "</td><td>"
    html +=
      parity.path.map { "<code>" + HTMLText.escape($0) + "</code>" }
      ?? HTMLText.escape(FailureBlock.phrase(parity.reason))
    return html + "</td></tr>\n"
  }

  /// The id of the red lane's failure block for `parity`, when the page shows it.
  static func failureAnchor(_ parity: ParityBreak, page: ParityPage) -> String? {
    guard let red = parity.failedOn.first, let laneIndex = page.lanes.firstIndex(where: { $0.platform == red }),
      let index = page.lanes[laneIndex].results.firstIndex(where: { $0.name == parity.fixture })
    else { return nil }
    return anchor(lane: laneIndex, result: index)
  }
}
