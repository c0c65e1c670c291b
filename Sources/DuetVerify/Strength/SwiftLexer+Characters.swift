/// The character classes of Swift's lexical grammar the tokenizer needs.
extension SwiftLexer {
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
      || scalar == "\0"
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
  }

  static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$" { return true }
    return scalar.value > 0x7F && !isOperatorBody(scalar) && !isWhitespace(scalar) && !isNonIdentifier(scalar)
  }

  static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierHead(scalar) || isDigit(scalar) || isCombining(scalar)
  }

  /// Operator heads: the ASCII `/=-+!*%<>&|^~?` and the Unicode ranges Swift's grammar lists.
  static func isOperatorHead(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return "/=-+!*%<>&|^~?".unicodeScalars.contains(scalar) }
    let value = scalar.value
    let ranges: [ClosedRange<UInt32>] = [
      0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAB, 0xAC...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6, 0xBB...0xBB,
      0xBF...0xBF, 0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
      0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
      0x3008...0x3020, 0x3030...0x3030,
    ]
    return ranges.contains { $0.contains(value) }
  }

  static func isOperatorBody(_ scalar: Unicode.Scalar) -> Bool {
    isOperatorHead(scalar) || (!scalar.isASCII && isCombining(scalar))
  }

  static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x300...0x36F).contains(value) || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
      || (0xFE00...0xFE0F).contains(value) || (0xFE20...0xFE2F).contains(value)
      || (0xE0100...0xE01EF).contains(value)
  }

  /// Non-ASCII scalars that are neither names nor operators (the non-breaking space, BOM).
  static func isNonIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{A0}" || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
