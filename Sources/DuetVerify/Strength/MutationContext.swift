/// Which tokens of a lexed file may hold a mutation site, and how its brackets pair up.
///
/// A token is blocked when changing it could not be a behaviour change of the reducer or could
/// not compile: inside an `#if` block, an attribute's or a `#name(…)`'s arguments, an `import`
/// or operator declaration, a declaration's header (`func f<T>(x: Int = 1) -> Bool where T ==
/// U`, its default values included), a `case` label or enum case (patterns and raw values must
/// stay constant), and a generic argument list (`Array<Int>`, `InlineArray<3, Int>`).
struct MutationContext {
  let source: LexedSource
  /// For each `(`, `[`, `{` and its closer, the index of the other one.
  private(set) var partner: [Int?]
  private(set) var blocked: [Bool]

  var tokens: [SwiftToken] { source.tokens }

  init(_ source: LexedSource) {
    self.source = source
    partner = Array(repeating: nil, count: source.tokens.count)
    blocked = source.tokens.map(\.conditional)
    pairBrackets()
    var index = 0
    while index < tokens.count {
      index = max(index + 1, block(at: index))
    }
  }

  private mutating func pairBrackets() {
    var open: [Int] = []
    let closers: [String: String] = [")": "(", "]": "[", "}": "{"]
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      if ["(", "[", "{"].contains(token.text) {
        open.append(index)
      } else if let opener = closers[token.text] {
        guard let last = open.lastIndex(where: { tokens[$0].text == opener }) else { continue }
        partner[open[last]] = index
        partner[index] = open[last]
        open.removeSubrange(last...)
      }
    }
  }

  /// Blocks the construct starting at `index`, if any; returns where scanning goes on.
  private mutating func block(at index: Int) -> Int {
    let token = tokens[index]
    let afterDot = index > 0 && tokens[index - 1].isSymbol(".")
    switch token.kind {
    case .attribute, .pound:
      guard index + 1 < tokens.count, tokens[index + 1].isSymbol("("), tokens[index + 1].start == token.end,
        let close = partner[index + 1]
      else { return index + 1 }
      mark(index...close)
      return close + 1
    case .identifier where !afterDot:
      switch token.text {
      case "import", "operator":
        let end = lastOnLine(from: index)
        mark(index...end)
        return end + 1
      case "precedencegroup":
        let end =
          firstIndex(from: index, where: { $0.isSymbol("{") }).flatMap { partner[$0] } ?? lastOnLine(from: index)
        mark(index...end)
        return end + 1
      case "func", "init", "subscript", "extension", "struct", "class", "enum", "protocol", "actor", "typealias",
        "associatedtype", "macro", "deinit":
        let end = endOfHeader(from: index)
        mark(index...end)
        return end + 1
      case "case":
        let end = endOfCaseLabel(from: index)
        mark(index...end)
        return end + 1
      default:
        return index + 1
      }
    case .operatorSymbol where token.text == "<" && !token.spaceBefore:
      guard let close = endOfGenericArguments(from: index) else { return index + 1 }
      mark(index...close)
      return close + 1
    default:
      return index + 1
    }
  }

  private mutating func mark(_ range: ClosedRange<Int>) {
    for index in range where index < blocked.count { blocked[index] = true }
  }

  func line(_ index: Int) -> Int { source.line(tokens[index].start) }

  /// The last token on the line of token `index`.
  func lastOnLine(from index: Int) -> Int {
    var last = index
    while last + 1 < tokens.count, line(last + 1) == line(index) { last += 1 }
    return last
  }

  func firstIndex(from index: Int, where test: (SwiftToken) -> Bool) -> Int? {
    tokens[index...].firstIndex(where: test)
  }

  /// The index of the token just before the first `{` outside brackets (a body, or none for a
  /// requirement: then the header ends at a line break not continued by `->`, `where`, …).
  func endOfHeader(from start: Int) -> Int {
    var index = start + 1
    let continuing: Set<String> = ["->", "where", "throws", "rethrows", "async", ":", ",", "&", "=", "."]
    while index < tokens.count {
      let token = tokens[index]
      if token.isSymbol("{") { return index - 1 }
      if let close = partner[index], close > index, token.isSymbol("(") || token.isSymbol("[") {
        index = close + 1
        continue
      }
      if token.text == "<", let close = endOfGenericArguments(from: index) {
        index = close + 1
        continue
      }
      if index + 1 < tokens.count, line(index + 1) != line(index), !continuing.contains(token.text),
        !continuing.contains(tokens[index + 1].text)
      {
        return index
      }
      index += 1
    }
    return tokens.count - 1
  }

  /// The last token of a `case` label or enum case: up to its `:` or `{` outside brackets
  /// (or `else`), else the end of its line.
  func endOfCaseLabel(from start: Int) -> Int {
    var index = start + 1
    while index < tokens.count {
      let token = tokens[index]
      if token.isSymbol(":") || token.isWord("else") { return index }
      if token.isSymbol("{") || token.isSymbol("}") { return index - 1 }
      if let close = partner[index], close > index {
        index = close + 1
        continue
      }
      if index + 1 < tokens.count, line(index + 1) != line(index), !token.isSymbol(","),
        !tokens[index + 1].isSymbol(",")
      {
        return index
      }
      index += 1
    }
    return tokens.count - 1
  }

  /// The closing `>` of a generic argument (or parameter) list opened at `start`: only names,
  /// `.`, `,`, `:`, brackets, `?`, `!`, `&`, `->`, `...` and integers between; nil otherwise.
  func endOfGenericArguments(from start: Int) -> Int? {
    guard start > 0, tokens[start - 1].kind == .identifier || tokens[start - 1].isSymbol(">") else { return nil }
    var depth = 0
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .identifier, .integer:
        break
      case .punctuation:
        guard [".", ",", ":", "(", ")", "[", "]"].contains(token.text) else { return nil }
      case .operatorSymbol:
        if token.text == "<" {
          depth += 1
        } else if token.text.unicodeScalars.first == ">" {
          let closers = token.text.prefix { $0 == ">" }.count
          guard token.text.dropFirst(closers).allSatisfy({ $0 == "?" || $0 == "!" }) else { return nil }
          depth -= closers
          if depth <= 0 { return index }
        } else if !["?", "!", "&", "->", "...", "?>"].contains(token.text) {
          return nil
        }
      default:
        return nil
      }
      index += 1
    }
    return nil
  }
}
