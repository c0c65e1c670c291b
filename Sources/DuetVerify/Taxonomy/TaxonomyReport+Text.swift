/// The human renderings of a taxonomy report: a terminal table and a doc-ready Markdown table.
extension TaxonomyReport {
  /// How many fixture names a terminal row lists before `+N more`.
  static let fixturesShownInTable = 3

  /// A plain-text table (one row per event, parameters one per line), then the findings and a
  /// `PASS`/`FAIL` line.
  func renderTable() -> String {
    var table = TextTable(headers: ["EVENT", "STATUS", "DECLARED BY", "EMITTED BY", "PARAMETERS", "PINNED BY"])
    for event in events {
      let shown = event.fixtures.prefix(Self.fixturesShownInTable)
      var pinned = shown.joined(separator: ", ")
      if event.fixtures.count > shown.count { pinned += " +\(event.fixtures.count - shown.count) more" }
      table.add([
        [event.name], [event.status.rawValue],
        [event.declaredBy.isEmpty ? "—" : event.declaredBy.joined(separator: ", ")],
        [event.owners.joined(separator: ", ")],
        event.params.isEmpty ? ["—"] : event.params.map { describe($0, quote: { $0 }) },
        [pinned.isEmpty ? "—" : pinned],
      ])
    }
    var lines = events.isEmpty ? ["no events are recorded or declared"] : table.render()
    lines.append("")
    lines.append(summary)
    lines += findingLines
    lines.append(Program.prefix("taxonomy") + (passed ? "PASS" : "FAIL"))
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Markdown table for a doc (every fixture listed), then the findings as a list.
  func renderMarkdown() -> String {
    var lines = [
      "| Event | Status | Declared by | Emitted by | Parameters | Pinned by |",
      "| --- | --- | --- | --- | --- | --- |",
    ]
    for event in events {
      let cells = [
        code(event.name), event.status.rawValue, event.declaredBy.map(code).joined(separator: ", "),
        event.owners.map(code).joined(separator: ", "),
        event.params.isEmpty ? "none" : event.params.map { describe($0, quote: code) }.joined(separator: "<br>"),
        event.fixtures.map(code).joined(separator: ", "),
      ]
      lines.append("| " + cells.map(escapeCell).joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append(summary)
    if !findings.isEmpty {
      lines.append("")
      for finding in findings {
        let label = finding.severity == .error ? "**error**" : "**warning**"
        lines.append("- \(label): " + finding.message.replacingEvery("\n", with: "<br>"))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `7 events recorded in 31 fixtures (26 track envelopes); 7 declared.`
  var summary: String {
    let recorded = events.filter { $0.status != .neverRecorded }.count
    let declared = events.filter { $0.status != .undeclared }.count
    let declaration = hasDeclaration ? "\(declared) declared" : "no feature declares events in the manifest"
    return
      "\(TaxonomyMessages.count(recorded, "event")) recorded in \(TaxonomyMessages.count(fixturesRead, "fixture")) "
      + "(\(TaxonomyMessages.count(envelopes, "track envelope"))); \(declaration)."
  }

  var findingLines: [String] {
    findings.map { finding in
      let mark = finding.severity == .error ? "✗ " : "warning: "
      return mark + finding.message.replacingEvery("\n", with: "\n  ")
    }
  }

  /// `provider: string (email, guest)`, with withheld and elided values said out loud.
  func describe(_ param: Param, quote: (String) -> String) -> String {
    var values = param.values.map(quote)
    if param.hasMoreValues { values.append("…") }
    if param.withheldValues > 0 {
      values.append("\(param.withheldValues) withheld by the privacy lint")
    }
    let kinds = param.kinds.joined(separator: " | ")
    return "\(quote(param.key)): \(kinds)" + (values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")")
  }

  func code(_ text: String) -> String { "`" + text.replacingEvery("`", with: "'") + "`" }

  func escapeCell(_ text: String) -> String {
    text.replacingEvery("|", with: "\\|").replacingEvery("\n", with: " ")
  }
}

/// A left-aligned text table whose cells may span several lines.
struct TextTable {
  let headers: [String]
  var rows: [[[String]]] = []

  init(headers: [String]) {
    self.headers = headers
  }

  mutating func add(_ row: [[String]]) { rows.append(row) }

  func render() -> [String] {
    var widths = headers.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.map(\.count).max() ?? 0)
      }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        let isLast = column == cells.count - 1
        text += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }
      return text
    }
    var output = [line(headers), line(widths.map { String(repeating: "-", count: $0) })]
    for row in rows {
      let height = row.map(\.count).max() ?? 1
      for index in 0..<height {
        output.append(line(row.map { index < $0.count ? $0[index] : "" }))
      }
    }
    return output.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }
}
