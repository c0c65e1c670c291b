import DuetPlatform

/// The name of a file being written before its rename into place: `.duet-<pid>-<hex>.tmp`.
///
/// Short whatever the target's name (a recording's name may be 250 bytes long, and a name built
/// from it would pass the 255-byte limit), and recognisable: `lint` reports one left in the
/// fixtures folder by a killed `record`, and the next `record` removes those whose process is gone.
enum TemporaryName {
  /// A fresh name for this process.
  static func make() -> String {
    ".duet-\(getpid())-\(randomHex()).tmp"
  }

  /// Up to eight random hexadecimal digits: the part of a fresh name (this one, a staging folder's,
  /// a scratch package's) that no other run picks.
  static func randomHex() -> String {
    String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  /// A fresh name `<prefix><pid>-<hex>` for something this process makes and removes (a staging
  /// folder): the pid says whose it is, so a later run can tell one a killed run left.
  static func make(prefix: String) -> String {
    "\(prefix)\(getpid())-\(randomHex())"
  }

  /// The process that made `name`, when `name` is one of these temporaries.
  static func owner(of name: String) -> pid_t? {
    owner(of: name, prefix: ".duet-", suffix: ".tmp")
  }

  /// The process that made `name`, when `name` is exactly `<prefix><pid>-<hex><suffix>`
  /// (``make(prefix:)``'s form, or this temporary's); nil for any other name.
  static func owner(of name: String, prefix: String, suffix: String = "") -> pid_t? {
    guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let parts = name.dropFirst(prefix.count).dropLast(suffix.count).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[1].isEmpty, parts[1].count <= 8, parts[1].allSatisfy(\.isHexDigit),
      parts[0].allSatisfy({ ("0"..."9").contains($0) }), let pid = pid_t(parts[0]), pid > 0
    else { return nil }
    return pid
  }

  /// True when `name` is a temporary whose process no longer runs (left by a killed run).
  static func isStray(_ name: String) -> Bool {
    guard let pid = owner(of: name) else { return false }
    return hasEnded(pid)
  }

  /// True when process `pid` no longer runs: what a name carrying it was made by was killed.
  static func hasEnded(_ pid: pid_t) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
  }
}
