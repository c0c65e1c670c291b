/// Splits Swift or Kotlin source into ``SourceToken``s without a compiler, so braces, parentheses
/// and keywords inside comments and string literals never count.
///
/// Both languages share the shapes that matter here: `//` and (nested) `/* */` comments, `"…"`
/// and `"""…"""` literals with interpolation (`\(…)` in Swift, `${…}` in Kotlin), Swift's raw
/// `#"…"#` literals and Kotlin's `'c'` characters.
struct SourceLexer {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var tokens: [SourceToken] = []

  private init(_ text: String) { bytes = Array(text.utf8) }

  /// The tokens of `text`.
  static func tokens(of text: String) -> [SourceToken] {
    var lexer = SourceLexer(text)
    lexer.run()
    return lexer.tokens
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func advance() {
    if bytes[index] == 0x0A { line += 1 }
    index += 1
  }

  private mutating func run() {
    while let byte = peek() {
      switch byte {
      case 0x2F where peek(1) == 0x2F:  // "//"
        while let next = peek(), next != 0x0A { advance() }
      case 0x2F where peek(1) == 0x2A:  // "/*"
        skipBlockComment()
      case 0x22:  // '"'
        string()
      case 0x23 where isRawStringStart():  // '#"'
        string()
      case 0x27:  // Kotlin character literal
        let start = line
        advance()
        while let next = peek(), next != 0x27, next != 0x0A {
          if next == 0x5C { advance() }
          if peek() != nil { advance() }
        }
        if peek() == 0x27 { advance() }
        tokens.append(SourceToken(kind: .string, text: "", line: start))
      case 0x60:  // `backquoted`
        advance()
        let start = index
        while let next = peek(), next != 0x60, next != 0x0A { advance() }
        tokens.append(SourceToken(kind: .word, text: text(start, index), line: line))
        if peek() == 0x60 { advance() }
      default:
        if Self.isWordByte(byte) {
          let start = index
          while let next = peek(), Self.isWordByte(next) { advance() }
          tokens.append(SourceToken(kind: .word, text: text(start, index), line: line))
        } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          advance()
        } else {
          tokens.append(SourceToken(kind: .mark, text: String(UnicodeScalar(byte)), line: line))
          advance()
        }
      }
    }
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    NameRules.isLower(byte | 0x20) || NameRules.isDigit(byte) || byte == 0x5F || byte == 0x24 || byte >= 0x80
  }

  private func isRawStringStart() -> Bool {
    var offset = 0
    while peek(offset) == 0x23 { offset += 1 }
    return peek(offset) == 0x22
  }

  /// Skips `/* … */`, counting nested openings (both languages nest block comments).
  private mutating func skipBlockComment() {
    var depth = 0
    while peek() != nil {
      if peek() == 0x2F, peek(1) == 0x2A {
        depth += 1
        advance()
        advance()
      } else if peek() == 0x2A, peek(1) == 0x2F {
        depth -= 1
        advance()
        advance()
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  /// One string literal (any form), as one token.
  private mutating func string() {
    let start = line
    var hashes = 0
    while peek() == 0x23 {
      hashes += 1
      advance()
    }
    let multiLine = peek(1) == 0x22 && peek(2) == 0x22
    let quotes = multiLine ? 3 : 1
    for _ in 0..<quotes { advance() }
    let contentStart = index
    var plain = !multiLine && hashes == 0
    while let byte = peek() {
      if byte == 0x0A, !multiLine { break }
      if byte == 0x22, closes(quotes: quotes, hashes: hashes) {
        let content = text(contentStart, index)
        for _ in 0..<(quotes + hashes) { advance() }
        tokens.append(SourceToken(kind: .string, text: plain ? content : "", line: start))
        return
      }
      if byte == 0x5C, hashes == 0 {  // an escape, or Swift's interpolation `\(` (raw strings have neither)
        plain = false
        advance()
        if peek() == 0x28 {
          skipInterpolation(open: 0x28, close: 0x29)
          continue
        }
        if peek() != nil { advance() }
        continue
      }
      if byte == 0x24, peek(1) == 0x7B, hashes == 0 {  // Kotlin's `${`
        plain = false
        advance()
        skipInterpolation(open: 0x7B, close: 0x7D)
        continue
      }
      if byte == 0x24 { plain = false }
      advance()
    }
    tokens.append(SourceToken(kind: .string, text: "", line: start))
  }

  private func closes(quotes: Int, hashes: Int) -> Bool {
    for offset in 0..<quotes where peek(offset) != 0x22 { return false }
    for offset in 0..<hashes where peek(quotes + offset) != 0x23 { return false }
    return true
  }

  /// Skips an interpolation from its opening mark to the matching close, strings inside included.
  private mutating func skipInterpolation(open: UInt8, close: UInt8) {
    var depth = 0
    while let byte = peek() {
      if byte == 0x22 || (byte == 0x23 && isRawStringStart()) {
        string()
        tokens.removeLast()
        continue
      }
      advance()
      if byte == open { depth += 1 }
      if byte == close {
        depth -= 1
        if depth == 0 { return }
      }
    }
  }
}
