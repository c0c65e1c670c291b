/// The one statement of well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF) for a multi-byte scalar, shared by the parser and the canonical-text recogniser so the
/// two can never disagree about which bytes are text.
enum UTF8Scalar {
  /// What the bytes at one position are.
  enum Verdict {
    /// A well-formed scalar of this many bytes.
    case valid(length: Int)
    /// The lead byte cannot start a multi-byte scalar.
    case invalidLead
    /// The input ends inside the scalar.
    case truncated
    /// The continuation byte at this index is out of range.
    case invalidContinuation(at: Int)
  }

  /// Checks the multi-byte scalar whose lead byte is at `index` (a byte ≥ 0x80).
  static func check(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Verdict {
    let length: Int
    var lowerBound: UInt8 = 0x80
    var upperBound: UInt8 = 0xBF
    switch bytes[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lowerBound = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upperBound = 0x9F
    case 0xF0:
      length = 4
      lowerBound = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upperBound = 0x8F
    default: return .invalidLead
    }
    for offset in 1..<length {
      let position = index + offset
      guard position < bytes.count else { return .truncated }
      let byte = bytes[position]
      let low = offset == 1 ? lowerBound : 0x80
      let high = offset == 1 ? upperBound : 0xBF
      guard byte >= low && byte <= high else { return .invalidContinuation(at: position) }
    }
    return .valid(length: length)
  }
}
