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
