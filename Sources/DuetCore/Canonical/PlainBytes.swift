/// Eight bytes at a time: true when none of them needs a closer look in a JSON string (no quote,
/// backslash, control character or non-ASCII byte), using the usual bit tricks on a 64-bit word.
enum PlainBytes {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let high: UInt64 = 0x8080_8080_8080_8080

  @inline(__always)
  static func all(_ word: UInt64) -> Bool {
    special(word) == 0
  }

  /// The high bit of each byte that needs a look, in a word loaded as little-endian (byte 0 is the
  /// lowest). Bytes above a flagged one may be flagged too (a borrow carries), so only the lowest
  /// flag is exact: `trailingZeroBitCount / 8` is the offset of the first byte that needs a look.
  @inline(__always)
  static func special(_ word: UInt64) -> UInt64 {
    let quote = word ^ (0x22 &* ones)
    let backslash = word ^ (0x5C &* ones)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- 0x20 &* ones) & ~word
    return (zeroQuote | zeroBackslash | control | word) & high
  }
}
