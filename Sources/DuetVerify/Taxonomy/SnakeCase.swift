/// The parameter-key rule: lower-case ASCII words joined by single underscores (`photo_count`).
///
/// One spelling rule for keys because a key is a dashboard column: `photoCount` and `photo_count`
/// would be two columns.
enum SnakeCase {
  /// Whether `key` is snake_case: `[a-z][a-z0-9]*(_[a-z0-9]+)*`.
  static func matches(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard let first = bytes.first, isLower(first), bytes.last != UInt8(ascii: "_") else { return false }
    var previous = first
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "_") {
        if previous == UInt8(ascii: "_") { return false }
      } else if !isLower(byte) && !isDigit(byte) {
        return false
      }
      previous = byte
    }
    return true
  }

  /// A snake_case suggestion for `key` (`photoCount` → `photo_count`, `Photo-Count` → `photo_count`).
  static func suggestion(for key: String) -> String {
    var output = ""
    var previousWasLowerOrDigit = false
    for character in key {
      if character.isASCII && character.isLetter {
        if character.isUppercase && previousWasLowerOrDigit { output += "_" }
        output += character.lowercased()
        previousWasLowerOrDigit = character.isLowercase
      } else if character.isASCII && character.isNumber {
        output.append(character)
        previousWasLowerOrDigit = true
      } else {
        if !output.isEmpty && output.last != "_" { output += "_" }
        previousWasLowerOrDigit = false
      }
    }
    while output.hasSuffix("_") { output.removeLast() }
    while let first = output.first, !(first.isASCII && first.isLetter) { output.removeFirst() }
    return output.isEmpty ? "param" : output
  }

  private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
