/// A Swift tokenizer good enough to find mutation sites safely, with no package: names,
/// numbers, operators and punctuation, string literals (interpolated, multi-line, raw) and regex
/// literals as single tokens, comments (nested `/* */` too) skipped, and every token inside an
/// `#if` … `#endif` block marked, since its branch may not even be compiled.
///
/// It never fails: text it cannot read (an unterminated string) ends at the line or the file,
/// which can only hide sites, never invent one inside a string.
struct SwiftLexer {
  let scalars: [Unicode.Scalar]
  var index = 0
  var tokens: [SwiftToken] = []
  /// How many `#if` blocks the current offset is inside.
  var ifDepth = 0

  /// The tokens of `text`.
  static func lex(_ text: String) -> LexedSource {
    var lexer = SwiftLexer(scalars: Array(text.unicodeScalars))
    lexer.run()
    return LexedSource(scalars: lexer.scalars, tokens: lexer.tokens)
  }

  func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count && offset >= 0 ? scalars[offset] : nil }

  mutating func run() {
    while index < scalars.count {
      let scalar = scalars[index]
      let start = index
      if Self.isWhitespace(scalar) {
        index += 1
      } else if scalar == "/", at(index + 1) == "/" {
        index = endOfLineComment(from: index)
      } else if scalar == "/", at(index + 1) == "*" {
        index = endOfBlockComment(from: index)
      } else if scalar == "#" {
        lexPound()
      } else if scalar == "\"" {
        index = endOfString(from: index, hashes: 0)
        emit(.string, from: start)
      } else if scalar == "@", let next = at(index + 1), Self.isIdentifierHead(next) {
        index = endOfIdentifier(from: index + 1)
        emit(.attribute, from: start)
      } else if scalar == "`" {
        index = endOfBacktick(from: index)
        emit(.identifier, from: start)
      } else if Self.isIdentifierHead(scalar) {
        index = endOfIdentifier(from: index)
        emit(.identifier, from: start)
      } else if Self.isDigit(scalar) {
        lexNumber()
      } else if scalar == "/", regexCanStart(), let end = endOfBareRegex(from: index) {
        index = end
        emit(.regex, from: start)
      } else if scalar == ".", at(index + 1) == "." {
        index = endOfOperator(from: index, dotted: true)
        emit(.operatorSymbol, from: start)
      } else if scalar != ".", Self.isOperatorHead(scalar) {
        index = endOfOperator(from: index, dotted: false)
        emit(.operatorSymbol, from: start)
      } else {
        index += 1
        emit(.punctuation, from: start)
      }
    }
  }

  mutating func emit(_ kind: SwiftToken.Kind, from start: Int) {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[start..<index])
    tokens.append(
      SwiftToken(
        kind: kind, text: String(text), start: start, end: index, conditional: ifDepth > 0,
        spaceBefore: start == 0 || Self.isWhitespace(scalars[start - 1]),
        spaceAfter: index >= scalars.count || Self.isWhitespace(scalars[index])))
  }

  /// `#if`/`#elseif`/`#else`/`#endif` (the rest of its line is the condition, never a site),
  /// a raw string `#"…"#`, an extended regex `#/…/#`, or a `#name` such as `#available`.
  mutating func lexPound() {
    let start = index
    var hashes = 0
    while at(index + hashes) == "#" { hashes += 1 }
    if at(index + hashes) == "\"" {
      index = endOfString(from: index + hashes, hashes: hashes)
      emit(.string, from: start)
      return
    }
    if at(index + hashes) == "/" {
      index = endOfExtendedRegex(from: index + hashes + 1, hashes: hashes)
      emit(.regex, from: start)
      return
    }
    guard hashes == 1, let head = at(index + 1), Self.isIdentifierHead(head) else {
      index += 1
      emit(.punctuation, from: start)
      return
    }
    let end = endOfIdentifier(from: index + 1)
    var name = String.UnicodeScalarView()
    name.append(contentsOf: scalars[(index + 1)..<end])
    switch String(name) {
    case "if", "elseif", "else", "endif":
      if String(name) == "if" { ifDepth += 1 }
      if String(name) == "endif" { ifDepth = max(0, ifDepth - 1) }
      index = endOfDirective(from: end)
    default:
      index = end
      emit(.pound, from: start)
    }
  }

  /// The end of a directive's line (a trailing comment may hold a `/*` that runs on).
  func endOfDirective(from start: Int) -> Int {
    var offset = start
    while let scalar = at(offset), scalar != "\n" {
      if scalar == "/", at(offset + 1) == "*" { return endOfBlockComment(from: offset) }
      if scalar == "/", at(offset + 1) == "/" { return endOfLineComment(from: offset) }
      offset += 1
    }
    return offset
  }

  func endOfLineComment(from start: Int) -> Int {
    var offset = start
    while let scalar = at(offset), scalar != "\n" { offset += 1 }
    return offset
  }

  /// Past the `*/` that closes the comment opened at `start`, nested comments counted.
  func endOfBlockComment(from start: Int) -> Int {
    var depth = 0
    var offset = start
    while offset < scalars.count {
      if scalars[offset] == "/", at(offset + 1) == "*" {
        depth += 1
        offset += 2
      } else if scalars[offset] == "*", at(offset + 1) == "/" {
        depth -= 1
        offset += 2
        if depth == 0 { return offset }
      } else {
        offset += 1
      }
    }
    return offset
  }

  func endOfIdentifier(from start: Int) -> Int {
    var offset = start
    while let scalar = at(offset), Self.isIdentifierBody(scalar) { offset += 1 }
    return offset
  }

  func endOfBacktick(from start: Int) -> Int {
    var offset = start + 1
    while let scalar = at(offset), scalar != "`", scalar != "\n" { offset += 1 }
    return at(offset) == "`" ? offset + 1 : offset
  }

  /// An operator's end: operator characters, never a comment's `//` or `/*`; a `.` only in an
  /// operator that starts with one (`...`, `..<`).
  func endOfOperator(from start: Int, dotted: Bool) -> Int {
    var offset = start + 1
    while let scalar = at(offset) {
      if scalar == "/", at(offset + 1) == "/" || at(offset + 1) == "*" { break }
      guard Self.isOperatorBody(scalar) || (dotted && scalar == ".") else { break }
      offset += 1
    }
    return offset
  }

  /// Decimal, hex, octal and binary integers (with `_`), and floats (a fraction, an exponent,
  /// or a hex float), which are never integer literals.
  mutating func lexNumber() {
    let start = index
    var kind = SwiftToken.Kind.integer
    if scalars[index] == "0", let radix = at(index + 1), radix == "x" || radix == "o" || radix == "b" {
      index += 2
      while let scalar = at(index), Self.isHexDigit(scalar) || scalar == "_" { index += 1 }
      if radix == "x" {
        if at(index) == ".", let next = at(index + 1), Self.isHexDigit(next) {
          kind = .float
          index += 1
          while let scalar = at(index), Self.isHexDigit(scalar) || scalar == "_" { index += 1 }
        }
        if at(index) == "p" || at(index) == "P" {
          kind = .float
          index = endOfExponent(from: index + 1)
        }
      }
    } else {
      while let scalar = at(index), Self.isDigit(scalar) || scalar == "_" { index += 1 }
      if at(index) == ".", let next = at(index + 1), Self.isDigit(next) {
        kind = .float
        index += 1
        while let scalar = at(index), Self.isDigit(scalar) || scalar == "_" { index += 1 }
      }
      if at(index) == "e" || at(index) == "E", let next = at(index + 1),
        Self.isDigit(next) || ((next == "+" || next == "-") && at(index + 2).map(Self.isDigit) == true)
      {
        kind = .float
        index = endOfExponent(from: index + 1)
      }
    }
    if let scalar = at(index), Self.isIdentifierBody(scalar) {
      kind = .identifier
      index = endOfIdentifier(from: index)
    }
    emit(kind, from: start)
  }

  func endOfExponent(from start: Int) -> Int {
    var offset = start
    if at(offset) == "+" || at(offset) == "-" { offset += 1 }
    while let scalar = at(offset), Self.isDigit(scalar) || scalar == "_" { offset += 1 }
    return offset
  }
}
