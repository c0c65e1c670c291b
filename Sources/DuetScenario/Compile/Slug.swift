/// Fixture-name slugs from labels: `"Keeps counting!"` → `keeps-counting`.
///
/// Lower-case ASCII letters and digits are kept; every other run of characters becomes one `-`;
/// no leading or trailing `-`. Upper-case ASCII letters are lower-cased first, so a capitalised
/// label does not lose its first word.
enum Slug {
  static func make(_ label: String) -> String {
    var bytes: [UInt8] = []
    var pendingDash = false
    for byte in label.lowercased().utf8 {
      let isWordByte =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      if isWordByte {
        if pendingDash, !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
        pendingDash = false
        bytes.append(byte)
      } else {
        pendingDash = true
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The manifest's rule for fixture names: `[a-z0-9][a-z0-9.-]*`, and no `..`.
  static func isValidFixtureName(_ name: String) -> Bool {
    guard let first = name.utf8.first, isLowerAlphanumeric(first), !name.contains("..") else { return false }
    return name.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
  }

  static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
