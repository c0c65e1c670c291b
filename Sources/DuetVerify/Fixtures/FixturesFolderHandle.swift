import DuetPlatform

/// The fixtures folder, opened once, while its real path is inside the repository root.
///
/// Checking a recording by its path takes two `realpath` calls (a failing `readlink` for every
/// component of the file's path and of the root's) and a `stat`: most of 140,000 system calls per
/// 10,000 recordings. Holding the folder open instead, a recording that is a plain file in it is
/// settled by one `fstatat` that does not follow links, and opened relative to the same folder, so
/// a folder swapped for a link later in the run cannot redirect the reads. Anything else (a link,
/// a pipe, a folder) is left to the full inspection, which words the refusal.
final class FixturesFolderHandle: Sendable {
  let descriptor: Int32

  /// Nil when the folder does not exist, cannot be opened, or leads outside `root`.
  init?(folder: String, root: URL) {
    guard let real = FileInspection.realPath(folder), FileInspection.contains(root, real) else { return nil }
    let opened = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard opened >= 0 else { return nil }
    descriptor = opened
  }

  deinit { _ = close(descriptor) }

  /// What one look at `file` settled.
  enum Opening {
    /// A plain file of `size` bytes (as it was looked at), opened for reading (the caller closes it).
    case opened(Int32, size: Int)
    /// Nothing of that name in the folder.
    case missing
  }

  /// What one look at an entry without following it found.
  enum Look {
    case plainFile(size: Int)
    case missing
    /// A link, a folder, a pipe…: for the full inspection.
    case other
  }

  /// The file name of recording `name`, as a C string built on the stack for one call (no
  /// `String` is made for it).
  static func withFileName<Result>(of name: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    let suffix: StaticString = ".fixture.json"
    var name = name
    return name.withUTF8 { utf8 in
      let count = utf8.count + suffix.utf8CodeUnitCount
      return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
        let base = UnsafeMutableRawPointer(buffer.baseAddress!)
        if let start = utf8.baseAddress { base.copyMemory(from: start, byteCount: utf8.count) }
        (base + utf8.count).copyMemory(from: suffix.utf8Start, byteCount: suffix.utf8CodeUnitCount)
        buffer[count] = 0
        return body(buffer.baseAddress!)
      }
    }
  }

  /// One `fstatat` of recording `name`'s file, not following a link.
  func look(recording name: String) -> Look {
    var info = stat()
    let found = Self.withFileName(of: name) { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }
    guard found == 0 else { return errno == ENOENT ? .missing : .other }
    return info.st_mode & S_IFMT == S_IFREG ? .plainFile(size: Int(info.st_size)) : .other
  }

  /// Opens recording `name`'s file when it is a plain file in the folder; nil when it needs the
  /// full inspection.
  func openPlainFile(recording name: String) -> Opening? {
    switch look(recording: name) {
    case .plainFile(let size): return openSeen(recording: name, size: size)
    case .missing: return .missing
    case .other: return nil
    }
  }

  /// Opens recording `name`'s file, seen as a plain file of `size` bytes. No link is followed; a
  /// pipe or folder swapped in since cannot block the open, and reads as empty or fails: the bytes
  /// then fail to parse, never pass. So no second look (`fstat`) is needed.
  func openSeen(recording name: String, size: Int) -> Opening? {
    let opened = Self.withFileName(of: name) {
      openat(descriptor, $0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    }
    if opened >= 0 { return .opened(opened, size: size) }
    return errno == ENOENT ? .missing : nil
  }
}
