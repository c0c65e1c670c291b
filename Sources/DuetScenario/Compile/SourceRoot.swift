import Foundation

/// Turns a scenario's `#filePath` into the repository-relative path a fixture records.
///
/// The verifier starts the runner with its working directory at the repository root, so the
/// current directory is tried first; a runner started elsewhere falls back to the nearest
/// ancestor of the file that holds `Package.swift` or `.git`. A path that matches neither is kept.
public struct SourceRoot: Sendable {
  /// The directory paths are made relative to first.
  public var currentDirectory: String
  /// Whether a directory is a repository root (holds `Package.swift` or `.git`).
  public var isRepositoryRoot: @Sendable (String) -> Bool

  /// A root with an injected repository test, so tests need no files on disk.
  public init(currentDirectory: String, isRepositoryRoot: @escaping @Sendable (String) -> Bool) {
    self.currentDirectory = currentDirectory
    self.isRepositoryRoot = isRepositoryRoot
  }

  /// The process's working directory, with repository roots found on disk.
  public static var current: SourceRoot {
    SourceRoot(currentDirectory: FileManager.default.currentDirectoryPath) { directory in
      let manager = FileManager.default
      return manager.fileExists(atPath: directory + "/Package.swift") || manager.fileExists(atPath: directory + "/.git")
    }
  }

  /// `Sources/DemoFeatures/Counter/CounterScenarios.swift` for a file under the root.
  public func relativePath(of filePath: String) -> String {
    let file = Self.standardized(filePath)
    let current = Self.standardized(currentDirectory)
    if current != "/", let relative = Self.relative(file, under: current) { return relative }
    var directory = (file as NSString).deletingLastPathComponent
    while directory != "/" && !directory.isEmpty && directory != "." {
      if isRepositoryRoot(directory), let relative = Self.relative(file, under: directory) { return relative }
      directory = (directory as NSString).deletingLastPathComponent
    }
    return file
  }

  static func relative(_ file: String, under directory: String) -> String? {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
    return String(file.dropFirst(prefix.count))
  }

  static func standardized(_ path: String) -> String {
    var text = (path as NSString).standardizingPath
    while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
    return text
  }
}
