/// Builds a `YAMLNode` tree from manifest lines, reporting every line it cannot place.
///
/// Strict by design: the anchor tool silently ignored odd lines inside sections, which let typos
/// pass review. Here each such line is a problem naming its line, and parsing goes on so one run
/// shows all of them.
struct YAMLSubsetParser {
  let file: String
  var lines: [YAMLLine]
  var index = 0
  var problems: [LintProblem] = []
  /// The lines whose value was written quoted (the duet CLI keeps the quotes of a path).
  var quotedLines: Set<Int> = []
  /// The `chains:` lines whose items are indented more than 2 under them (the duet CLI skips those).
  var deeperChainLines: Set<Int> = []

  /// Parses the whole document; the top level is always a mapping.
  static func parse(_ source: String, file: String) -> (
    root: YAMLNode, problems: [LintProblem], quotedLines: Set<Int>, deeperChainLines: Set<Int>
  ) {
    let scanned = YAMLLineScanner.scan(source, file: file)
    var parser = YAMLSubsetParser(file: file, lines: scanned.lines)
    parser.problems = scanned.problems
    let root = parser.parseDocument()
    let problems = parser.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    return (root, problems, parser.quotedLines, parser.deeperChainLines)
  }

  mutating func parseDocument() -> YAMLNode {
    var entries: [YAMLEntry] = []
    while index < lines.count {
      let line = lines[index]
      if line.indent > 0 {
        report(
          line.number, "this line is indented but nothing above it opens a section. Top-level keys start in column 1.")
        skipLine()
        continue
      }
      if case .mapping(let more, _) = parseMapping(indent: 0) { entries += more }
      if index < lines.count, lines[index].indent == 0, case .item = lines[index].body {
        report(
          lines[index].number,
          "a list item at the top level. The manifest's top level is a mapping of keys (replayRunner, features, …).")
        skipLine()
      }
    }
    return .mapping(entries, line: entries.first?.line ?? 1)
  }

  mutating func parseMapping(indent: Int) -> YAMLNode {
    var entries: [YAMLEntry] = []
    let firstLine = index < lines.count ? lines[index].number : 0
    while reachesLine(at: indent, deeperThan: "its section") {
      let line = lines[index]
      guard case .entry(let key, let value) = line.body else {
        if indent == 0 { break }
        report(line.number, "a list item where 'key: value' entries were expected. Check the indentation of this line.")
        skipLine()
        continue
      }
      index += 1
      entries.append(YAMLEntry(key: key, line: line.number, value: valueNode(for: value, of: line)))
    }
    return .mapping(entries, line: firstLine)
  }

  /// The value of `key: value`, or the block under `key:`.
  mutating func valueNode(for value: String?, of line: YAMLLine) -> YAMLNode {
    if let value { return scalarNode(value, line: line.number) }
    guard index < lines.count else { return .empty(line: line.number) }
    let next = lines[index]
    if next.indent > line.indent {
      // The duet CLI reads recording lists indented further (fixture items at indent 6 or more);
      // chain items it reads only at indent 2, so a deeper chain list is noted for a warning.
      let deeperList = (line.key == "fixtures" || line.key == "chains") && next.isItem
      if next.indent != line.indent + 2, line.key == "chains", next.isItem { deeperChainLines.insert(line.number) }
      // An odd-indented item is reported as such by parseList.
      if next.indent != line.indent + 2, !deeperList, next.indent % 2 == 0 {
        report(
          next.number,
          "this line is indented \(next.indent - line.indent) spaces under line \(line.number). "
            + "Indent with 2 spaces per level.")
      }
      // It reads them at any indentation from 6 on, odd ones too (`fixtures:` sits at 4).
      let oddItems = line.key == "fixtures" && next.isItem && next.indent >= line.indent + 2
      return parseBlock(indent: next.indent, oddItemsAllowed: oddItems)
    }
    if next.indent == line.indent, case .item = next.body {
      report(next.number, "list items must be indented 2 spaces under their key (line \(line.number)).")
      return parseList(indent: next.indent)
    }
    return .empty(line: line.number)
  }

  /// The deepest nesting accepted (the manifest needs four levels; carried sections a few more).
  static let maximumDepth = 32

  /// The block starting at the current line, indented `indent`; `oddItemsAllowed` when it may be a
  /// list indented by an odd number of spaces (a recording list).
  mutating func parseBlock(indent: Int, oddItemsAllowed: Bool = false) -> YAMLNode {
    if indent / 2 > Self.maximumDepth {
      report(
        lines[index].number,
        "this line is nested deeper than \(Self.maximumDepth) levels, far deeper than any manifest needs."
      )
      let line = lines[index].number
      let floor = indent
      while index < lines.count, lines[index].indent >= floor { index += 1 }
      return .empty(line: line)
    }
    if case .item = lines[index].body { return parseList(indent: indent, oddItemsAllowed: oddItemsAllowed) }
    return parseMapping(indent: indent)
  }

  /// The list at `indent`. The scanner keeps list items indented by an odd number of spaces; they
  /// are a problem here unless `oddItemsAllowed`.
  mutating func parseList(indent: Int, oddItemsAllowed: Bool = false) -> YAMLNode {
    var items: [YAMLNode] = []
    let firstLine = lines[index].number
    // The item read in place: a copy of each line, and its destruction, were a quarter of the parse.
    while reachesLine(at: indent, deeperThan: "the list item above") {
      guard case .item(let rest) = lines[index].body else { break }
      let number = lines[index].number
      if indent % 2 != 0, !oddItemsAllowed { report(number, YAMLLineScanner.oddIndentation(indent)) }
      index += 1
      items.append(itemNode(rest, line: number, indent: indent))
    }
    return .list(items, line: firstLine)
  }

  /// A list item: a scalar, a block under a lone `-`, or a mapping starting on the `-` line.
  /// (`line` and `indent` are the `-` line's.)
  mutating func itemNode(_ rest: String?, line: Int, indent: Int) -> YAMLNode {
    guard let rest else {
      if index < lines.count, lines[index].indent > indent { return parseBlock(indent: lines[index].indent) }
      return .empty(line: line)
    }
    // Most items are a name: no ':' byte, so no entry (the bytes asked directly, not through a `Substring`).
    if rest.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: ":")) }) ?? true,
      case .entry(let key, let value)? = YAMLLineScanner.splitEntry(Substring(rest))
    {
      lines.insert(YAMLLine(number: line, indent: indent + 2, body: .entry(key: key, value: value)), at: index)
      return parseMapping(indent: indent + 2)
    }
    return scalarNode(rest, line: line)
  }

  /// A scalar written on `line`; one it cannot read is reported and stands as empty.
  mutating func scalarNode(_ text: String, line: Int) -> YAMLNode {
    // The first byte, not `hasPrefix` (a call and ~90 instructions each, twice on every value).
    if let first = text.utf8.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      quotedLines.insert(line)
    }
    switch YAMLScalar.node(text, line: line) {
    case .success(let node): return node
    case .failure(let failure):
      report(line, failure.message)
      return .empty(line: line)
    }
  }

  /// True when the current line is the next line of a block at `indent`; false where the block
  /// ends (a shallower line or the end). A deeper line on the way is reported (`deeperThan` names
  /// what it is too deep for) and skipped with everything under it.
  mutating func reachesLine(at indent: Int, deeperThan what: String) -> Bool {
    while index < lines.count {
      if lines[index].indent < indent { return false }
      if lines[index].indent == indent { return true }
      report(lines[index].number, "this line is indented deeper than \(what) allows. Indent with 2 spaces per level.")
      skipLine()
    }
    return false
  }

  /// Skips the current line and everything indented under it.
  mutating func skipLine() {
    let indent = lines[index].indent
    index += 1
    while index < lines.count, lines[index].indent > indent { index += 1 }
  }

  mutating func report(_ line: Int, _ message: String) {
    problems.append(LintProblem(file: file, line: line, message: message))
  }
}
