import DuetCore
import DuetPlatform

/// A copy of the app's runner package that a strength verb (`coverage`, `mutate`) may build,
/// instrument and edit, so the user's tree and its `.build/` are never touched.
///
/// The copy lives in the system temporary folder, `duet-verify-strength/<pid>-<hex>/package`,
/// beside its own build folder and profiles; the package's relative path dependencies are made
/// absolute, so the copy resolves the same packages the original does. When the reducers live in
/// local path dependencies of the runner package (the app's core in a package of its own), those
/// packages are copied too, at the same places relative to each other under a folder named like
/// their common ancestor (`<pid>-<hex>/tree/<name>/…`, so SwiftPM derives the same package
/// identities), and the copies' manifests point at the copies: mutants go there, never into the
/// user's packages. Removal is safe from a signal's stop (a lock, idempotent), and a later run
/// removes the folder a killed run left (its pid no longer runs).
final class ScratchPackage: @unchecked Sendable {
  /// The scratch folder, removed whole.
  let folder: URL
  /// The copy of the runner package.
  let package: URL
  /// The user's runner package it was copied from.
  let original: URL
  /// The local path dependencies copied with it (the user's folders), the runner package's own
  /// path dependencies that hold reducers.
  let dependencies: [URL]
  /// The folder holding the runner package and every copied dependency (the runner package itself
  /// when nothing else is copied), and its copy: paths relative to it name the same file in both.
  let originalRoot: URL
  let root: URL

  private let lock = SystemLock()
  private var removed = false

  /// The copy's own build folder (never the user's `.build/`).
  var buildPath: URL { folder.appendingPathComponent("build") }
  /// Where runner processes write their raw profiles.
  var profiles: URL { folder.appendingPathComponent("profiles") }

  /// A package's shown path as a sentence names it: the repository root's `.` reads as
  /// punctuation at the end of one.
  static func spoken(_ shown: String) -> String { shown == "." ? "the repository root" : shown }

  /// The folder every scratch of this user lives in.
  static var parent: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-strength", isDirectory: true)
  }

  /// Names never copied: build products, reports, version control.
  static let skipped: Set<String> = [".build", ".runs", ".git", ".swiftpm"]

  private init(folder: URL, original: URL, dependencies: [URL]) {
    self.folder = folder
    self.original = original
    self.dependencies = dependencies
    let ancestor = dependencies.reduce(original) { Self.commonAncestor($0, $1) }
    originalRoot = ancestor
    if dependencies.isEmpty {
      root = folder.appendingPathComponent("package", isDirectory: true)
      package = root
    } else {
      // Named like the ancestor: a dependency that is the ancestor itself keeps its identity.
      root = folder.appendingPathComponent("tree", isDirectory: true)
        .appendingPathComponent(ancestor.lastPathComponent, isDirectory: true)
      package = root.appendingPathComponent(Self.relative(original, to: ancestor), isDirectory: true)
    }
  }

  /// A new scratch folder's name for a copy of `original` and the path `dependencies` that go with
  /// it (nothing is made yet, so a stop can remove whatever part of it exists).
  static func reserve(for original: URL, dependencies: [URL] = []) -> ScratchPackage {
    let name = "\(getpid())-\(TemporaryName.randomHex())"
    let resolved = original.resolvingSymlinksInPath()
    let others = Set(dependencies.map { $0.standardizedFileURL.resolvingSymlinksInPath().path })
      .subtracting([resolved.path])
    return ScratchPackage(
      folder: parent.appendingPathComponent(name, isDirectory: true), original: resolved,
      dependencies: others.sorted().map { URL(fileURLWithPath: $0) })
  }

  /// Another reservation of the same packages (a mutant's own build).
  func sibling() -> ScratchPackage { Self.reserve(for: original, dependencies: dependencies) }

  /// The user's packages this scratch copies (the runner package first), relative to ``originalRoot``
  /// (`.` for the root itself).
  var copiedPackages: [String] {
    ([original] + dependencies).map { Self.relative($0, to: originalRoot) }.map { $0.isEmpty ? "." : $0 }
  }

  /// Whether ``remove()`` was called (once its removal has finished).
  var isRemoved: Bool { lock.withLock { removed } }

  /// Runs `body` (one file or folder the copy makes) under the removal's lock, or throws once the
  /// scratch is removed: a copy still under way stops at its next file, and no file is made between
  /// a check and a removal, so a signal's removal is never undone by the copy going on.
  private func unlessRemoved(_ body: () throws -> Void) throws {
    try lock.withLock {
      guard !removed else { throw Removed() }
      try body()
    }
  }

  /// Copies the packages into the scratch folder, each manifest's relative path dependencies made
  /// absolute (to the copy, for a package copied too); on failure what was made is removed, and once
  /// the scratch is removed (a signal's stop, meanwhile) nothing more is made.
  func fill() throws(StrengthError) {
    let packages = [original] + dependencies
    do {
      try unlessRemoved { try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true) }
      // A package inside another copied one (a runner package in its core's tree) comes with it.
      for source in packages where !packages.contains(where: { $0.path != source.path && Self.contains($0, source) }) {
        try Self.copyTree(from: source, to: copy(of: source)) { [self] make in try unlessRemoved(make) }
      }
      for source in packages {
        let target = copy(of: source)
        for file in try FileManager.default.contentsOfDirectory(atPath: target.path)
        where file == "Package.swift" || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift")) {
          let url = target.appendingPathComponent(file)
          let text = try String(contentsOf: url, encoding: .utf8)
          let rewritten = PackagePaths.absolute(text, relativeTo: source) { dependency in
            packages.contains { $0.path == dependency.path } ? copy(of: dependency) : dependency
          }
          try unlessRemoved { try Data(rewritten.utf8).write(to: url) }
        }
      }
    } catch {
      let stopped = isRemoved
      remove()
      throw .cannotCopy(
        package: original.path, reason: stopped ? "the run was stopped while copying" : ErrorText.of(error))
    }
  }

  /// The copy stopped because the scratch was removed.
  private struct Removed: Error {}

  /// Where the copy of `package` (the original or a copied dependency) is.
  func copy(of package: URL) -> URL {
    let relative = Self.relative(package, to: originalRoot)
    return relative.isEmpty ? root : root.appendingPathComponent(relative, isDirectory: true)
  }

  /// `path` relative to `folder` (`""` for the folder itself); `folder` must contain it.
  static func relative(_ path: URL, to folder: URL) -> String {
    let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
    return path.path == folder.path ? "" : String(path.path.dropFirst(base.count))
  }

  /// Whether `folder` is `path` or holds it.
  static func contains(_ folder: URL, _ path: URL) -> Bool {
    path.path == folder.path || path.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/")
  }

  /// The deepest folder holding both.
  static func commonAncestor(_ first: URL, _ second: URL) -> URL {
    let one = first.pathComponents
    let two = second.pathComponents
    let shared = zip(one, two).prefix { $0 == $1 }.count
    return URL(fileURLWithPath: PathText.joined(Array(one.prefix(max(shared, 1)))), isDirectory: true)
  }

  /// Copies a folder tree, leaving out ``skipped`` names at every depth; links stay links. Each
  /// folder, link or file is made through `make`, which may refuse it by throwing (the copy then
  /// stops there).
  static func copyTree(
    from source: URL, to target: URL, make: (_ step: () throws -> Void) throws -> Void = { try $0() }
  ) throws {
    let manager = FileManager.default
    try make { try manager.createDirectory(at: target, withIntermediateDirectories: true) }
    for name in try manager.contentsOfDirectory(atPath: source.path) where !skipped.contains(name) {
      let from = source.appendingPathComponent(name)
      let to = target.appendingPathComponent(name)
      let type = try manager.attributesOfItem(atPath: from.path)[.type] as? FileAttributeType
      if type == .typeDirectory {
        try copyTree(from: from, to: to, make: make)
      } else if type == .typeSymbolicLink {
        let destination = try manager.destinationOfSymbolicLink(atPath: from.path)
        try make { try manager.createSymbolicLink(atPath: to.path, withDestinationPath: destination) }
      } else if type == .typeRegular {
        try make { try manager.copyItem(at: from, to: to) }
      }
    }
  }

  /// Removes the scratch folder and the lock files SwiftPM keeps beside its build folder in the
  /// temporary folder; a later call does nothing, but returns only once the first one's removal is
  /// done. (An interrupt's stop calls it and then exits the process: when the main thread, its
  /// build just killed, had begun the removal, returning at once let the exit cut it short and
  /// leave the scratch.)
  func remove() {
    lock.withLock {
      guard !removed else { return }
      removed = true
      Self.removeFolder(folder)
    }
  }

  /// Removes `folder` (retrying briefly: a compiler killed a moment ago may still be writing).
  static func removeFolder(_ folder: URL) {
    for _ in 0..<20 {
      try? FileManager.default.removeItem(at: folder)
      if !FileManager.default.fileExists(atPath: folder.path) { break }
      usleep(50_000)
    }
    let prefix = folder.path.replacingEvery("/", with: "_")
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
      guard TemporaryName.hasEnded(pid) else { continue }
      removeFolder(parent.appendingPathComponent(name))
      count += 1
    }
    return count
  }

  /// `path` (a file the toolchain names) as the user's file: inside the copy, the same place in
  /// the original packages; elsewhere, itself (symbolic links resolved).
  func userPath(_ path: String) -> URL {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let base = root.resolvingSymlinksInPath().path + "/"
    guard resolved.hasPrefix(base) else { return URL(fileURLWithPath: resolved) }
    return originalRoot.appendingPathComponent(String(resolved.dropFirst(base.count)))
  }
}
