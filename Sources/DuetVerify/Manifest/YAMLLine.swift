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
}

/// Turns manifest text into `YAMLLine`s: indentation, comments and the two line forms.
enum YAMLLineScanner {
  /// Every meaningful line, and a problem for each line that is not in the grammar.
  static func scan(_ source: String, file: String) -> (lines: [YAMLLine], problems: [LintProblem]) {
    var lines: [YAMLLine] = []
    var problems: [LintProblem] = []
    // "\r\n" is one Character in Swift, so splitting on "\n" alone would merge a CRLF line with
    // the next: both endings end a line (manifest.md).
    var rawLines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    if rawLines.last?.isEmpty == true { rawLines.removeLast() }
    // Lines under a refused line are dropped silently: one mistake, one problem.
    var refusedWidth: Int?
    for (offset, raw) in rawLines.enumerated() {
      let number = offset + 1
      var text = Substring(raw)
      if text.hasSuffix("\r") { text = text.dropLast() }
      let indentText = text.prefix { $0 == " " || $0 == "\t" }
      let content = stripComment(text.dropFirst(indentText.count))
      if content.isEmpty { continue }
      let width = indentText.reduce(0) { $0 + ($1 == "\t" ? 2 : 1) }
      if let refused = refusedWidth {
        if width > refused { continue }
        refusedWidth = nil
      }
      func problem(_ message: String) {
        problems.append(LintProblem(file: file, line: number, message: message))
        refusedWidth = width
      }
      if indentText.contains("\t") {
        problem("a tab is used for indentation. Indent with 2 spaces per level; tabs are not part of the grammar.")
        continue
      }
      if indentText.count % 2 != 0 {
        problem(
          "this line is indented by \(indentText.count) spaces, which is not a multiple of 2. "
            + "Indent with 2 spaces per level.")
        continue
      }
      switch body(of: content) {
      case .success(let body): lines.append(YAMLLine(number: number, indent: indentText.count, body: body))
      case .failure(let failure): problem(failure.message)
      }
    }
    return (lines, problems)
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
    if content.first == "\"" || content.first == "'" { return nil }
    var index = content.startIndex
    while index < content.endIndex {
      if content[index] == ":" {
        let next = content.index(after: index)
        if next == content.endIndex || content[next] == " " {
          let key = String(content[..<index])
          let value = content[next...].drop { $0 == " " }
          if key.isEmpty || key.contains(" ") { return nil }
          return .entry(key: key, value: value.isEmpty ? nil : String(value))
        }
      }
      index = content.index(after: index)
    }
    return nil
  }

  /// Drops a comment ('#' at the start or after whitespace, outside quotes) and trailing spaces.
  static func stripComment(_ text: Substring) -> Substring {
    let characters = Array(text)
    var index = 0
    var atScalarStart = true
    var cut = characters.count
    scanning: while index < characters.count {
      let character = characters[index]
      if atScalarStart, character == "\"" || character == "'" {
        index = closingQuote(in: characters, from: index) + 1
        atScalarStart = false
        continue
      }
      switch character {
      case "#" where index == 0 || characters[index - 1] == " ":
        cut = index
        break scanning
      case " ":
        if index > 0, characters[index - 1] == ":" || (characters[index - 1] == "-" && index == 1) {
          atScalarStart = true
        }
      default:
        atScalarStart = false
      }
      index += 1
    }
    var result = text.prefix(cut)
    while result.last == " " { result = result.dropLast() }
    return result
  }

  /// The index of the quote closing the one at `start` (the last index when unterminated).
  static func closingQuote(in characters: [Character], from start: Int) -> Int {
    let quote = characters[start]
    var index = start + 1
    while index < characters.count {
      if quote == "\"", characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == quote {
        if quote == "'", index + 1 < characters.count, characters[index + 1] == "'" {
          index += 2
          continue
        }
        return index
      }
      index += 1
    }
    return characters.count - 1
  }
}

/// A line-level syntax problem, as the sentence the user reads.
struct YAMLSyntaxFailure: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
