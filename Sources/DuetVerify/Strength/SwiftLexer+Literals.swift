/// String and regex literals: where each ends, so the whole literal is one token.
extension SwiftLexer {
  /// Past the string literal whose opening quote is at `start`, raw with `hashes` `#`s:
  /// single-line or `"""` multi-line, escapes and `\(…)` interpolations (themselves holding
  /// strings, comments and parentheses) skipped. An unterminated single-line string ends at its line.
  func endOfString(from start: Int, hashes: Int) -> Int {
    let multiLine = at(start + 1) == "\"" && at(start + 2) == "\""
    var offset = start + (multiLine ? 3 : 1)
    while let scalar = at(offset) {
      if scalar == "\\", hashesFollow(offset + 1, count: hashes) {
        let escaped = offset + 1 + hashes
        offset = at(escaped) == "(" ? endOfInterpolation(from: escaped + 1) : escaped + 1
      } else if scalar == "\"" {
        if multiLine {
          if at(offset + 1) == "\"", at(offset + 2) == "\"", hashesFollow(offset + 3, count: hashes) {
            return offset + 3 + hashes
          }
        } else if hashesFollow(offset + 1, count: hashes) {
          return offset + 1 + hashes
        }
        offset += 1
      } else if scalar == "\n", !multiLine {
        return offset
      } else {
        offset += 1
      }
    }
    return offset
  }

  func hashesFollow(_ offset: Int, count: Int) -> Bool {
    (0..<count).allSatisfy { at(offset + $0) == "#" }
  }

  /// Past the `)` that closes an interpolation whose code starts at `start`.
  func endOfInterpolation(from start: Int) -> Int {
    var depth = 1
    var offset = start
    while let scalar = at(offset) {
      switch scalar {
      case "(":
        depth += 1
        offset += 1
      case ")":
        depth -= 1
        offset += 1
        if depth == 0 { return offset }
      case "\"":
        offset = endOfString(from: offset, hashes: 0)
      case "#":
        var hashes = 0
        while at(offset + hashes) == "#" { hashes += 1 }
        offset = at(offset + hashes) == "\"" ? endOfString(from: offset + hashes, hashes: hashes) : offset + hashes
      case "/" where at(offset + 1) == "/":
        offset = endOfLineComment(from: offset)
      case "/" where at(offset + 1) == "*":
        offset = endOfBlockComment(from: offset)
      default:
        offset += 1
      }
    }
    return offset
  }

  /// Past the `/###` closing an extended regex whose body starts at `start`.
  func endOfExtendedRegex(from start: Int, hashes: Int) -> Int {
    var offset = start
    while let scalar = at(offset) {
      if scalar == "\\" {
        offset += 2
      } else if scalar == "/", hashesFollow(offset + 1, count: hashes) {
        return offset + 1 + hashes
      } else {
        offset += 1
      }
    }
    return offset
  }

  /// A bare `/` starts a regex only where an operand may start (after an operator, an opening
  /// bracket, a comma, a colon or a keyword such as `return`) and when it is not followed by
  /// whitespace; otherwise it is division.
  func regexCanStart() -> Bool {
    guard let next = at(index + 1), !Self.isWhitespace(next), next != "=" else { return false }
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .operatorSymbol, .attribute: return true
    case .punctuation: return ["(", "[", "{", ",", ":", ";"].contains(previous.text)
    case .identifier:
      return ["return", "case", "in", "where", "if", "guard", "while", "try", "await"].contains(previous.text)
    default: return false
    }
  }

  /// The end of a bare regex starting at `start`: the next unescaped `/` on the same line
  /// (outside a `[…]` class); nil when the line has none, so it was division after all.
  func endOfBareRegex(from start: Int) -> Int? {
    var offset = start + 1
    var inClass = false
    while let scalar = at(offset), scalar != "\n" {
      if scalar == "\\" {
        offset += 2
        continue
      }
      if scalar == "[" { inClass = true }
      if scalar == "]" { inClass = false }
      if scalar == "/", !inClass { return offset + 1 }
      offset += 1
    }
    return nil
  }
}
