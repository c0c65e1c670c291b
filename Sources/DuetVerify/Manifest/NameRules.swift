/// The naming rules that keep every name safe to use as a file name and readable in a report.
///
/// A fixture name becomes `fixtures/<name>.fixture.json`; allowing `/` or `..` would let a manifest
/// line reach outside the fixtures folder.
enum NameRules {
  /// Feature names: `[a-z][a-z0-9_-]*`.
  static func isFeatureName(_ name: String) -> Bool {
    guard let first = name.utf8.first, isLower(first) else { return false }
    return name.utf8.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
  }

  /// Recording names: one safe path component of letters (either case), digits, `.`, `-` and `_`,
  /// not starting with `.` and never containing `..` — every name the duet CLI's recorder or a
  /// team writes by hand (`counter_main`, `Splash.Completes`), none that reaches outside the folder.
  static func isFixtureName(_ name: String) -> Bool {
    // A native string's bytes in place (a manifest lists thousands of names); else a copy.
    name.utf8.withContiguousStorageIfAvailable(isFixtureName) ?? isFixtureName(Array(name.utf8))
  }

  static func isFixtureName<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool {
    guard let first = name.first, first != UInt8(ascii: "."), isNameByte(first) else { return false }
    var previous = first
    for byte in name.dropFirst() {
      guard isNameByte(byte) else { return false }
      if byte == UInt8(ascii: "."), previous == byte { return false }
      previous = byte
    }
    return true
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    isLower(byte | 0x20) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "_")
  }

  /// The name `record` gives a chain scenario's recording by default (`chain-<name>`): a convention
  /// only. A recording is a chain because the manifest lists it under `chains:`, whatever its name.
  static let chainPrefix = "chain-"

  static let featureRule =
    "feature names use lower-case letters, digits, '-' and '_', starting with a letter ([a-z][a-z0-9_-]*)"
  static let fixtureRule =
    "a recording name becomes the file name fixtures/<name>.fixture.json, so it is one safe path component: "
    + "letters, digits, '.', '-' and '_', not starting with '.', never '..', '/', spaces or control characters "
    + "(this tool refuses any name that could leave the fixtures folder)"

  static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
