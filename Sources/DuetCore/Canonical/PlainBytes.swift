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

  /// The high bit of each byte that is not an ASCII digit, in a word loaded as little-endian; as
  /// with `special`, only the lowest flag is exact. Below the first non-digit no byte carries or
  /// borrows: a digit plus 0x46 stays under 0x80, minus 0x30 stays at or over zero. The first
  /// non-digit sets its high bit in one of the three: below `0`, above `9`, or non-ASCII.
  @inline(__always)
  static func nonDigit(_ word: UInt64) -> UInt64 {
    ((word &+ 0x46 &* ones) | (word &- 0x30 &* ones) | word) & high
  }

  /// A mask of the bytes before the lowest flagged one of `flags` (all of them when none is).
  @inline(__always)
  static func before(_ flags: UInt64) -> UInt64 {
    ((flags & (0 &- flags)) &>> 7) &- 1
  }

  /// A mask of the first `count` bytes of a little-endian word (0 ... 8).
  @inline(__always)
  static func first(_ count: Int) -> UInt64 {
    count >= 8 ? UInt64.max : (1 &<< UInt64(count &<< 3)) &- 1
  }
}
