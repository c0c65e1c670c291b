import DuetPlatform

/// Files in a ``SafeFolder``: the one way the verifier opens a file it writes or reads there.
///
/// A cache or tar restore, or a runner in a persistent CI workspace, can leave anything where a
/// report file goes: a named pipe (opening it for writing blocks until someone reads), a link, or a
/// hard link to a recording (writing it in place writes the recording). So a file is opened with
/// `O_NONBLOCK|O_NOFOLLOW|O_CLOEXEC` and `fstat`-ed before a byte is written: anything but a
/// regular file with exactly one link has its entry removed (never what it leads to) and a fresh
/// file is made in its place, with a note for the end of the run.
extension SafeFolder {
  /// Opens `name` for writing, made when missing: a regular file with one link, and its size
  /// before this write. `exclusive` accepts only a new file (a temporary name): an existing entry
  /// is then an `EEXIST` error for the caller to pick another name.
  func openForWriting(_ name: String, exclusive: Bool = false) throws(ReportWriteError) -> (
    descriptor: Int32, size: Int
  ) {
    let flags = O_WRONLY | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC
    for attempt in 0..<3 {
      let opened = openat(descriptor, name, flags | (exclusive || attempt > 0 ? O_EXCL : 0), 0o644)
      var info = stat()
      if opened >= 0 {
        guard fstat(opened, &info) == 0 else {
          let code = errno
          _ = close(opened)
          throw ReportWriteError(path: show(name), code: code, doing: .write)
        }
        if info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1 { return (opened, Int(info.st_size)) }
        _ = close(opened)
      } else {
        let code = errno
        // ELOOP: a link; ENXIO: a pipe or socket nobody reads; EISDIR: a folder; anything else is the
        // system's answer (a full disk, no permission).
        guard code == ELOOP || code == ENXIO || code == EISDIR || code == EWOULDBLOCK,
          fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        else { throw ReportWriteError(path: show(name), code: code, doing: .write) }
      }
      try removeForeign(name, info)
    }
    throw ReportWriteError(path: show(name), code: EAGAIN, doing: .write)
  }

  /// Removes entry `name` (described by `info`), which is not a file the tool can write into, and
  /// says so; a folder goes only when empty (nothing the tool did not write is deleted).
  private func removeForeign(_ name: String, _ info: stat) throws(ReportWriteError) {
    let what = Self.describe(info)
    let folder = info.st_mode & S_IFMT == S_IFDIR
    guard unlinkat(descriptor, name, folder ? AT_REMOVEDIR : 0) == 0 || errno == ENOENT else {
      if folder { throw ReportWriteError(path: show(name), refused: "a folder") }
      throw ReportWriteError(path: show(name), code: errno, doing: .remove)
    }
    notes.add(
      "\(show(name)) was \(what); \(Program.name) removed that entry (without writing into it) and wrote a fresh file.")
  }

  /// What an entry that is not a plain file is, as a phrase.
  static func describe(_ info: stat) -> String {
    switch info.st_mode & S_IFMT {
    case S_IFLNK: return "a link"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFDIR: return "a folder"
    case S_IFREG: return "a file with \(info.st_nlink) links (another name shares its contents)"
    default: return "not a plain file"
    }
  }

  /// Writes `text` to `name` whole: a new file under a short temporary name, then one rename over
  /// `name` (which replaces whatever entry is there rather than opening it).
  func writeAtomically(_ text: String, to name: String) throws(ReportWriteError) {
    try writeAtomically(bytes: Array(text.utf8), to: name)
  }

  /// ``writeAtomically(_:to:)`` for a file already in bytes.
  func writeAtomically(bytes: [UInt8], to name: String) throws(ReportWriteError) {
    var temporary = TemporaryName.make()
    var opened: Int32 = -1
    while opened < 0 {
      do {
        opened = try openForWriting(temporary, exclusive: true).descriptor
      } catch  where error.code == EEXIST {
        temporary = TemporaryName.make()
      }
    }
    if let code = Self.write(bytes, to: opened, cuttingFrom: 0) {
      _ = unlinkat(descriptor, temporary, 0)
      throw ReportWriteError(path: show(name), code: code, doing: .write)
    }
    var info = stat()
    let replaced = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    guard renameat(descriptor, temporary, descriptor, name) == 0 else {
      let code = errno
      _ = unlinkat(descriptor, temporary, 0)
      throw ReportWriteError(path: show(name), code: code, doing: .write)
    }
    if let replaced, replaced.st_mode & S_IFMT != S_IFREG || replaced.st_nlink != 1 {
      notes.add(
        "\(show(name)) was \(Self.describe(replaced)); \(Program.name) replaced that entry (without writing into "
          + "it) by a fresh file.")
    }
  }

  /// Writes `bytes` over `name` in place (made when missing), then cuts it to length. Not atomic
  /// by itself: used in a staging folder that replaces the old report in one rename.
  func overwrite(bytes: [UInt8], to name: String) throws(ReportWriteError) {
    let (opened, size) = try openForWriting(name)
    if let code = Self.write(bytes, to: opened, cuttingFrom: size) {
      throw ReportWriteError(path: show(name), code: code, doing: .write)
    }
  }

  /// Writes `bytes` to `descriptor`, cuts the file to their length when it was `size` bytes long
  /// and longer, and closes it; the errno of a failure, nil when all went well.
  private static func write(_ bytes: [UInt8], to descriptor: Int32, cuttingFrom size: Int) -> Int32? {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        let code = count == 0 ? ENOSPC : errno
        _ = close(descriptor)
        return code
      }
      written += count
    }
    if size > bytes.count, ftruncate(descriptor, off_t(bytes.count)) != 0 {
      let code = errno
      _ = close(descriptor)
      return code
    }
    return close(descriptor) == 0 ? nil : errno
  }

  /// The bytes of file `name` here, at most `limit` of them: nil when there is none, or when it is
  /// not a regular file (a link is not followed, a named pipe never blocks the read).
  func read(_ name: String, limit: Int) -> [UInt8]? {
    let opened = openat(descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard opened >= 0 else { return nil }
    defer { _ = close(opened) }
    var info = stat()
    guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { systemRead(opened, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    return filled == bytes.count ? bytes : nil
  }

  /// Subfolder `name` opened for reading: nil when there is none, or when it is a link.
  func existingFolder(_ name: String) -> SafeFolder? {
    let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    return opened >= 0 ? SafeFolder(descriptor: opened, display: show(name), notes: notes) : nil
  }
}

/// The system calls, under names the static `write` and `read` above do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}
