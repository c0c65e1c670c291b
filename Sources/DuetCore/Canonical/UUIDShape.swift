/// Recognises strings that are exactly UUID-shaped (8-4-4-4-12 hex digits, either case).
///
/// The dialect lower-cases these wherever they appear (values and keys) because Swift's `UUID`
/// prints upper case and Kotlin's prints lower case; nothing else is case-folded.
enum UUIDShape {
  static func matches(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard utf8.count == 36 else { return false }
    for (position, byte) in utf8.enumerated() {
      switch position {
      case 8, 13, 18, 23:
        if byte != UInt8(ascii: "-") { return false }
      default:
        let isHex =
          (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        if !isHex { return false }
      }
    }
    return true
  }
}
