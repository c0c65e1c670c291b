import Foundation

/// Whether a tool the real-build tests need is installed, so they skip with a message instead of
/// failing where it is not.
public enum ExecutableSearch {
  /// True when an executable file `name` is in one of `PATH`'s folders.
  public static func isOnPath(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}

/// The one rule of the tests that build a throwaway package with the real toolchain: they run
/// unless DUET_SKIP_ADOPTER=1 (set while iterating) or a tool they need is not on PATH.
public enum RealBuilds {
  /// Why the real-build `tests` cannot run here, as a skip message, or nil when they can: each of
  /// `tools` must be on PATH, for `purpose` (what the tests build, said in the message).
  public static func skipReason(_ tests: String, needing tools: [String] = ["swift"], purpose: String) -> String? {
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      return "DUET_SKIP_ADOPTER=1: the real-build \(tests) tests are skipped"
    }
    guard tools.allSatisfy(ExecutableSearch.isOnPath) else {
      return tools.map { "'\($0)'" }.joined(separator: " or ") + " is not on PATH: \(purpose)"
    }
    return nil
  }
}
