/// One meaningful manifest line: its number, indentation and what it says.
///
/// Blank and comment-only lines never become a `YAMLLine`; every other line must be one of the
/// two forms the grammar names, or the scanner reports it.
struct YAMLLine: Equatable {
  enum Body: Equatable {
    /// `key: value` (value text still quoted, `nil` for `key:` alone).
    case entry(key: String, value: String?)
    /// `- value` (`nil` for a lone `-`).
    case item(String?)
  }

  var number: Int
  var indent: Int
  var body: Body

  /// The key of a `key:` line, nil for a list item.
  var key: String? {
    if case .entry(let key, _) = body { return key }
    return nil
  }

  /// True for a `- item` line.
  var isItem: Bool {
    if case .item = body { return true }
    return false
  }
}

/// Turns manifest text into `YAMLLine`s: indentation, comments and the two line forms.
///
/// A line of ASCII text is read byte by byte (each byte is one character there); any other line
/// goes through Swift's `Character`s, so a combining mark stays part of the character it marks.
/// Both follow the same rules (``YAMLTextUnit``): a manifest of thousands of recordings is read in
/// a few hundred instructions per line, not tens of thousands.
enum YAMLLineScanner {
  /// What one line holds: its indentation and, unless it is blank or a comment, its body.
  struct LineParts {
    /// Spaces and tabs before the content.
    var indentCount: Int
    /// The indentation's width (a tab counts 2, as the refusal of a tab reports it).
    var width: Int
    var hasTab: Bool
    /// Nil for a blank or comment-only line.
    var body: Result<YAMLLine.Body, YAMLSyntaxFailure>?
  }

  /// Every meaningful line, and a problem for each line that is not in the grammar.
  static func scan(_ source: String, file: String) -> (lines: [YAMLLine], problems: [LintProblem]) {
    var lines: [YAMLLine] = []
    var problems: [LintProblem] = []
    // Lines under a refused line are dropped silently: one mistake, one problem.
    var refusedWidth: Int?
    var source = source
    source.withUTF8 { text in
      var start = 0
      var number = 0
      // A line ends at LF; the CR of a CRLF belongs to the ending, and one more trailing CR is
      // dropped (docs/manifest.md: a CRLF line is one line, never merged with the next).
      while start < text.count {
        number += 1
        var end = start
        while end < text.count, text[end] != 0x0A { end += 1 }
        var last = end
        if end < text.count, last > start, text[last - 1] == 0x0D { last -= 1 }
        if last > start, text[last - 1] == 0x0D { last -= 1 }
        let parts = Self.parts(of: UnsafeBufferPointer(rebasing: text[start..<last]))
        start = end + 1
        let (width, indent, hasTab) = (parts.width, parts.indentCount, parts.hasTab)
        // The body taken from the consumed parts, not copied out of them (the copies and the
        // destruction of the parts were a third of the scan: docs/performance.md, ninth round).
        guard let body = (consume parts).body else { continue }
        if let refused = refusedWidth {
          if width > refused { continue }
          refusedWidth = nil
        }
        func problem(_ message: String) {
          problems.append(LintProblem(file: file, line: number, message: message))
          refusedWidth = width
        }
        if hasTab {
          problem("a tab is used for indentation. Indent with 2 spaces per level; tabs are not part of the grammar.")
          continue
        }
        if indent % 2 != 0 {
          // A list item is kept: the duet CLI reads recording items at any indentation from 6 on,
          // so the parser decides once it knows the list (``YAMLSubsetParser/parseList``).
          if case .success(let item) = body, case .item = item {
            lines.append(YAMLLine(number: number, indent: indent, body: item))
            continue
          }
          problem(oddIndentation(indent))
          continue
        }
        switch consume body {
        case .success(let body): lines.append(YAMLLine(number: number, indent: indent, body: body))
        case .failure(let failure): problem(failure.message)
        }
      }
    }
    return (lines, problems)
  }

  /// The problem of a line indented by an odd number of spaces.
  static func oddIndentation(_ count: Int) -> String {
    "this line is indented by \(count) spaces, which is not a multiple of 2. Indent with 2 spaces per level."
  }

  /// The parts of one line (its ending already cut off).
  static func parts(of line: UnsafeBufferPointer<UInt8>) -> LineParts {
    guard line.allSatisfy({ $0 < 0x80 }) else {
      return parts(of: Substring(String(decoding: line, as: UTF8.self)))
    }
    var (indentCount, width, hasTab) = (0, 0, false)
    while indentCount < line.count, line[indentCount] == .space || line[indentCount] == .tab {
      hasTab = hasTab || line[indentCount] == .tab
      width += line[indentCount] == .tab ? 2 : 1
      indentCount += 1
    }
    let content = UnsafeBufferPointer(rebasing: line[indentCount...])
    let kept = uncommentedCount(content)
    // Made once, with its body: a body set on a made value was copied in and out.
    return LineParts(
      indentCount: indentCount, width: width, hasTab: hasTab,
      body: kept > 0 ? body(ascii: UnsafeBufferPointer(rebasing: content[..<kept])) : nil)
  }

  /// The parts of a line holding characters beyond ASCII, read as `Character`s.
  static func parts(of text: Substring) -> LineParts {
    let indentText = text.prefix { $0 == " " || $0 == "\t" }
    var parts = LineParts(
      indentCount: indentText.count, width: indentText.reduce(0) { $0 + ($1 == "\t" ? 2 : 1) },
      hasTab: indentText.contains { $0 == "\t" })
    let content = stripComment(text.dropFirst(indentText.count))
    if !content.isEmpty { parts.body = body(of: content) }
    return parts
  }

  /// ``body(of:)`` for ASCII content, without building a `Substring` on the common forms.
  static func body(ascii content: UnsafeBufferPointer<UInt8>) -> Result<YAMLLine.Body, YAMLSyntaxFailure> {
    func text(_ from: Int, _ to: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: content[from..<to]), as: UTF8.self)
    }
    if content.first == .dash, content.count == 1 || content[1] == .space {
      var rest = 1
      while rest < content.count, content[rest] == .space { rest += 1 }
      return .success(.item(rest == content.count ? nil : text(rest, content.count)))
    }
    if content.first != .dash, let colon = keyColon(content) {
      var value = colon + 1
      while value < content.count, content[value] == .space { value += 1 }
      return .success(.entry(key: text(0, colon), value: value == content.count ? nil : text(value, content.count)))
    }
    return body(of: Substring(text(0, content.count)))
  }

  /// Splits `key: value` / `- value` content; anything else is outside the grammar.
  static func body(of content: Substring) -> Result<YAMLLine.Body, YAMLSyntaxFailure> {
    if content == "-" { return .success(.item(nil)) }
    if content.hasPrefix("- ") {
      let rest = content.dropFirst(2).drop { $0 == " " }
      return .success(.item(rest.isEmpty ? nil : String(rest)))
    }
    if content == "---" || content == "..." {
      return .failure(
        YAMLSyntaxFailure("document markers ('---', '...') are not part of the manifest grammar. Remove the line."))
    }
    if content.hasPrefix("-") {
      return .failure(YAMLSyntaxFailure("a list item needs a space after '-'. Write it as '- \(content.dropFirst())'."))
    }
    if let entry = splitEntry(content) { return .success(entry) }
    // `key : value`: YAML reads the key, the duet CLI too (for a feature's keys); one spelling for all.
    if let colon = content.firstIndex(of: ":"), content[..<colon].hasSuffix(" "),
      case let key = String(content[..<colon].reversed().drop { $0 == " " }.reversed()),
      !key.isEmpty, !key.contains(" "), content[content.index(after: colon)...].first.map({ $0 == " " }) ?? true
    {
      return .failure(
        YAMLSyntaxFailure(
          "remove the space before ':' in '\(content)'. Write it as '\(key):\(content[content.index(after: colon)...])'."
        ))
    }
    if let first = content.first, first == "\"" || first == "'", content.hasSuffix(":") || content.contains(": ") {
      return .failure(
        YAMLSyntaxFailure(
          "quoted keys are not part of the manifest grammar (the duet CLI would keep the quotes in the name). "
            + "Write the key unquoted: '\(content.filter { $0 != first })'."))
    }
    if let colon = content.firstIndex(of: ":"), !content[..<colon].contains(" ") {
      let key = content[..<colon]
      let value = content[content.index(after: colon)...]
      return .failure(YAMLSyntaxFailure("put a space after ':' in '\(content)'. Write it as '\(key): \(value)'."))
    }
    return .failure(
      YAMLSyntaxFailure(
        "'\(content)' is neither 'key: value' nor '- item', the only two line forms of the manifest grammar. "
          + "Fix the line or comment it out with '#'."))
  }

  /// `key: value` or `key:`; nil when the content has no key-ending colon.
  static func splitEntry(_ content: Substring) -> YAMLLine.Body? {
    // No ':' byte, no ':' character: the common list item is settled without building characters.
    let colonByte = UInt8(ascii: ":")
    guard content.utf8.withContiguousStorageIfAvailable({ $0.contains(colonByte) }) ?? content.utf8.contains(colonByte)
    else { return nil }
    let characters = Array(content)
    guard let colon = characters.withUnsafeBufferPointer(keyColon) else { return nil }
    let key = String(characters[..<colon])
    let value = characters[(colon + 1)...].drop { $0 == " " }
    return .entry(key: key, value: value.isEmpty ? nil : String(value))
  }

  /// The position of the colon that ends the key of `key: value` / `key:` (a colon followed by a
  /// space or the end); nil when there is none, or the key before it is empty, quoted or holds a space.
  static func keyColon<Unit: YAMLTextUnit>(_ units: UnsafeBufferPointer<Unit>) -> Int? {
    if let first = units.first, first == .doubleQuote || first == .singleQuote { return nil }
    var index = 0
    while index < units.count {
      if units[index] == .colon, index + 1 == units.count || units[index + 1] == .space {
        if index == 0 || units[..<index].contains(.space) { return nil }
        return index
      }
      index += 1
    }
    return nil
  }

  /// Drops a comment ('#' at the start or after whitespace, outside quotes) and trailing spaces.
  static func stripComment(_ text: Substring) -> Substring {
    let characters = Array(text)
    return text.prefix(characters.withUnsafeBufferPointer(uncommentedCount))
  }

  /// How many of `units` are left once a comment ('#' at the start or after whitespace, outside
  /// quotes) and the spaces before it are cut.
  static func uncommentedCount<Unit: YAMLTextUnit>(_ units: UnsafeBufferPointer<Unit>) -> Int {
    var index = 0
    var atScalarStart = true
    var cut = units.count
    while index < units.count {
      let unit = units[index]
      if atScalarStart, unit == .doubleQuote || unit == .singleQuote {
        index = closingQuote(in: units, from: index) + 1
        atScalarStart = false
        continue
      }
      if unit == .hash, index == 0 || units[index - 1] == .space {
        cut = index
        break
      }
      if unit == .space {
        if index > 0, units[index - 1] == .colon || (units[index - 1] == .dash && index == 1) { atScalarStart = true }
      } else {
        atScalarStart = false
      }
      index += 1
    }
    while cut > 0, units[cut - 1] == .space { cut -= 1 }
    return cut
  }

  /// The index of the quote closing the one at `start` (the last index when unterminated).
  static func closingQuote<Unit: YAMLTextUnit>(in units: UnsafeBufferPointer<Unit>, from start: Int) -> Int {
    let quote = units[start]
    var index = start + 1
    while index < units.count {
      if quote == .doubleQuote, units[index] == .backslash {
        index += 2
        continue
      }
      if units[index] == quote {
        if quote == .singleQuote, index + 1 < units.count, units[index + 1] == .singleQuote {
          index += 2
          continue
        }
        return index
      }
      index += 1
    }
    return units.count - 1
  }
}

/// The characters the manifest grammar gives meaning to, as `Character`s (any line) or as UTF-8
/// bytes (an ASCII line, where each byte is one character): one set of line rules for both.
protocol YAMLTextUnit: Equatable {
  static var space: Self { get }
  static var tab: Self { get }
  static var hash: Self { get }
  static var colon: Self { get }
  static var dash: Self { get }
  static var doubleQuote: Self { get }
  static var singleQuote: Self { get }
  static var backslash: Self { get }
}

extension UInt8: YAMLTextUnit {
  static var space: UInt8 { 0x20 }
  static var tab: UInt8 { 0x09 }
  static var hash: UInt8 { 0x23 }
  static var colon: UInt8 { 0x3A }
  static var dash: UInt8 { 0x2D }
  static var doubleQuote: UInt8 { 0x22 }
  static var singleQuote: UInt8 { 0x27 }
  static var backslash: UInt8 { 0x5C }
}

extension Character: YAMLTextUnit {
  static var space: Character { " " }
  static var tab: Character { "\t" }
  static var hash: Character { "#" }
  static var colon: Character { ":" }
  static var dash: Character { "-" }
  static var doubleQuote: Character { "\"" }
  static var singleQuote: Character { "'" }
  static var backslash: Character { "\\" }
}

/// A line-level syntax problem, as the sentence the user reads.
struct YAMLSyntaxFailure: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
