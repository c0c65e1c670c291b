import DuetPlatform

/// What a path names once links are followed, checked before anything reads it.
///
/// A recording or manifest is read only when it is a regular file: a named pipe would block the
/// read forever, a device never ends, and a link may lead anywhere. Looking first (with `stat`
/// and `realpath`, never `open`) lets the verifier refuse those with a sentence instead of hanging.
enum FileInspection: Equatable {
  /// A regular file of `size` bytes, at `resolved` (links followed).
  case regular(size: Int, resolved: String)
  /// Nothing there (a link whose target is gone counts as nothing).
  case missing
  /// Something that is not a regular file: a folder, pipe, socket or device (named by `kind`).
  case notAFile(kind: String)
  /// A link (anywhere on the path) leading outside `root`, to `resolved`.
  case outside(resolved: String)

  /// Inspects `url`; with `root`, a file whose real path is not inside `root`'s real path is
  /// `.outside`.
  static func inspect(_ url: URL, inside root: URL? = nil) -> FileInspection {
    guard let resolved = realPath(url.path) else { return .missing }
    if let root, !contains(root, resolved) { return .outside(resolved: resolved) }
    var info = stat()
    guard stat(resolved, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int(info.st_size), resolved: resolved)
    case S_IFDIR: return .notAFile(kind: "a folder")
    case S_IFIFO: return .notAFile(kind: "a named pipe")
    case S_IFSOCK: return .notAFile(kind: "a socket")
    case S_IFCHR, S_IFBLK: return .notAFile(kind: "a device")
    default: return .notAFile(kind: "something other than a file")
    }
  }

  /// Whether `path` (links followed) is a folder; nil when nothing is there (what
  /// `FileManager.fileExists(atPath:isDirectory:)` answered).
  static func isFolder(_ path: String) -> Bool? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFDIR
  }

  /// The real path `url` leads to when that is outside `root`'s real path; nil when it stays inside
  /// or does not exist (nothing there cannot leak anything).
  static func leaves(_ root: URL, at url: URL) -> String? {
    guard let resolved = realPath(url.path), !contains(root, resolved) else { return nil }
    return resolved
  }

  /// Whether the real path `resolved` is `root` or inside it.
  static func contains(_ root: URL, _ resolved: String) -> Bool {
    let base = realPath(root.path) ?? root.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return resolved == base || resolved.hasPrefix(prefix)
  }

  /// `realpath(3)`: the absolute path with every link and `.`/`..` resolved; nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
