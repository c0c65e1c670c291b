import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A copy of the app's runner package that a strength verb (`coverage`, later `mutate`) may
/// build, instrument and edit, so the user's tree and its `.build/` are never touched.
///
/// The copy lives in the system temporary folder, `duet-verify-strength/<pid>-<hex>/package`,
/// beside its own build folder and profiles; the package's relative path dependencies are made
/// absolute, so the copy resolves the same packages the original does. Removal is safe from a
/// signal's stop (a lock, idempotent), and a later run removes the folder a killed run left
/// (its pid no longer runs).
final class ScratchPackage: @unchecked Sendable {
  /// The scratch folder, removed whole.
  let folder: URL
  /// The copy of the runner package.
  let package: URL
  /// The user's runner package it was copied from.
  let original: URL

  private let lock = NSLock()
  private var removed = false

  /// The copy's own build folder (never the user's `.build/`).
  var buildPath: URL { folder.appendingPathComponent("build") }
  /// Where runner processes write their raw profiles.
  var profiles: URL { folder.appendingPathComponent("profiles") }

  /// The folder every scratch of this user lives in.
  static var parent: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-strength", isDirectory: true)
  }

  /// Names never copied: build products, reports, version control.
  static let skipped: Set<String> = [".build", ".runs", ".git", ".swiftpm"]

  private init(folder: URL, original: URL) {
    self.folder = folder
    self.package = folder.appendingPathComponent("package", isDirectory: true)
    self.original = original
  }

  /// A new scratch folder's name for a copy of `original` (nothing is made yet, so a stop can
  /// remove whatever part of it exists).
  static func reserve(for original: URL) -> ScratchPackage {
    let name = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    return ScratchPackage(
      folder: parent.appendingPathComponent(name, isDirectory: true), original: original.resolvingSymlinksInPath())
  }

  /// Copies the original package into the scratch folder, its relative path dependencies made
  /// absolute; on failure, what was made is removed.
  func fill() throws(StrengthError) {
    do {
      try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
      try Self.copyTree(from: original, to: package)
      for file in try FileManager.default.contentsOfDirectory(atPath: package.path)
      where file == "Package.swift" || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift")) {
        let url = package.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(PackagePaths.absolute(text, relativeTo: original).utf8).write(to: url)
      }
    } catch {
      remove()
      throw .cannotCopy(package: original.path, reason: "\(error.localizedDescription)")
    }
  }

  /// Copies a folder tree, leaving out ``skipped`` names at every depth; links stay links.
  static func copyTree(from source: URL, to target: URL) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: target, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: source.path) where !skipped.contains(name) {
      let from = source.appendingPathComponent(name)
      let to = target.appendingPathComponent(name)
      let type = try manager.attributesOfItem(atPath: from.path)[.type] as? FileAttributeType
      if type == .typeDirectory {
        try copyTree(from: from, to: to)
      } else if type == .typeSymbolicLink {
        try manager.createSymbolicLink(
          atPath: to.path, withDestinationPath: manager.destinationOfSymbolicLink(atPath: from.path))
      } else if type == .typeRegular {
        try manager.copyItem(at: from, to: to)
      }
    }
  }

  /// Removes the scratch folder and the lock files SwiftPM keeps beside its build folder in the
  /// temporary folder; a second call does nothing.
  func remove() {
    let first = lock.withLock {
      defer { removed = true }
      return !removed
    }
    guard first else { return }
    Self.removeFolder(folder)
  }

  /// Removes `folder` (retrying briefly: a compiler killed a moment ago may still be writing).
  static func removeFolder(_ folder: URL) {
    for _ in 0..<20 {
      try? FileManager.default.removeItem(at: folder)
      if !FileManager.default.fileExists(atPath: folder.path) { break }
      usleep(50_000)
    }
    let prefix = folder.path.replacingOccurrences(of: "/", with: "_")
    let temporary = FileManager.default.temporaryDirectory.path
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
      try? FileManager.default.removeItem(atPath: temporary + "/" + name)
    }
  }

  /// Removes every scratch folder whose run no longer runs (killed before it could clean up);
  /// returns how many.
  @discardableResult
  static func removeStrays() -> Int {
    var count = 0
    for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
      guard let dash = name.firstIndex(of: "-"), let pid = pid_t(name[..<dash]), pid > 0, pid != getpid() else {
        continue
      }
      guard kill(pid, 0) != 0, errno == ESRCH else { continue }
      removeFolder(parent.appendingPathComponent(name))
      count += 1
    }
    return count
  }

  /// `path` (a file the toolchain names) as the user's file: inside the copy, the same place in
  /// the original package; elsewhere, itself (symbolic links resolved).
  func userPath(_ path: String) -> URL {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let base = package.resolvingSymlinksInPath().path + "/"
    guard resolved.hasPrefix(base) else { return URL(fileURLWithPath: resolved) }
    return original.appendingPathComponent(String(resolved.dropFirst(base.count)))
  }
}
