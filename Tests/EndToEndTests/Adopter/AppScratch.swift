import Foundation

/// What the tests that build a throwaway app package share: finding `swift` and `git` on PATH, and
/// removing the app's folder with the lock files SwiftPM leaves for its build folder in the
/// temporary directory (named after the folder's path, `/` spelled `_`).
enum AppScratch {
  /// The executable `name` on PATH, nil when there is none.
  static func tool(_ name: String) -> URL? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }

  /// Removes `scratch` and SwiftPM's lock files for any build folder below it.
  static func remove(_ scratch: URL) {
    try? FileManager.default.removeItem(at: scratch)
    let prefix = scratch.path.replacingOccurrences(of: "/", with: "_")
    for folder in Set([FileManager.default.temporaryDirectory.path, "/tmp"]) {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
        try? FileManager.default.removeItem(atPath: folder + "/" + name)
      }
    }
  }
}
