import DuetPlatform

/// A folder the verifier writes its own files into, held open by descriptor: every file and
/// subfolder below it is reached with `openat`/`mkdirat`/`renameat`/`unlinkat` and `O_NOFOLLOW`,
/// so a link found there is never followed.
///
/// `.runs/` sits in the repository, and a pull request can commit anything into it: a link to
/// `fixtures/`, to a folder outside the repository, or in place of a report file. This is the one
/// way reports, staged recordings and `--junit` files are written, so the same rules hold for all:
/// - a link where one of the tool's own folders or files goes is removed (the link alone; what it
///   points to is never opened) and a real folder or file takes its place, with a note saying so;
/// - every file is opened by ``openForWriting(_:exclusive:)``, which never blocks on a named pipe,
///   never follows a link and never writes into a file that shares its contents with another name
///   (a hard link to a recording): such an entry is removed and a fresh file made, with a note;
/// - a file is written whole (a short temporary name, then one rename) or, for reused report
///   files, written over in place;
/// - a file is deleted only by a name pattern the caller owns, one entry at a time, never
///   recursively and never through a link.
final class SafeFolder: @unchecked Sendable {
  /// The open folder (closed on deinit).
  let descriptor: Int32
  /// Its path, for sentences (relative to the repository root where possible).
  let display: String
  /// Where notes about replaced links go (shared by every folder opened from this one).
  let notes: ReportNotes

  init(descriptor: Int32, display: String, notes: ReportNotes) {
    self.descriptor = descriptor
    self.display = display
    self.notes = notes
  }

  deinit { _ = close(descriptor) }

  /// Opens `path`, an existing folder chosen by the user (links on the way to it are the user's own
  /// layout and are followed), creating it and its parents when missing.
  static func user(_ path: String, display: String, notes: ReportNotes = ReportNotes()) throws(ReportWriteError)
    -> SafeFolder
  {
    var descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw ReportWriteError(path: display, code: errno == 0 ? EACCES : errno, doing: .createFolder)
      }
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw ReportWriteError(path: display, code: errno, doing: .openFolder) }
    return SafeFolder(descriptor: descriptor, display: display, notes: notes)
  }

  /// Opens `path`, an existing folder (links on the way are the user's layout); nil when missing.
  static func existing(_ path: String, display: String) -> SafeFolder? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    return descriptor >= 0 ? SafeFolder(descriptor: descriptor, display: display, notes: ReportNotes()) : nil
  }

  /// Writes a file the user asked for whole, making its folder when missing; what was replaced on
  /// the way (a named pipe at the path) goes to `notes`.
  static func writeFile(_ text: String, at url: URL, notes: ReportNotes = ReportNotes()) throws(ReportWriteError) {
    let parent = url.deletingLastPathComponent().path
    try user(parent, display: parent, notes: notes).writeAtomically(text, to: url.lastPathComponent)
  }

  /// The path of entry `name`, for sentences.
  func show(_ name: String) -> String { display == "." ? name : display + "/" + name }

  /// The kind of entry `name` without following it: nil when there is none.
  func kind(of name: String) -> mode_t? {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// Subfolder `name`, made when missing. A link (or a file) in its place is removed and replaced
  /// by a real folder when `replacing`, refused otherwise.
  func folder(_ name: String, replacing: Bool = true) throws(ReportWriteError) -> SafeFolder {
    for _ in 0..<3 {
      let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if opened >= 0 { return SafeFolder(descriptor: opened, display: show(name), notes: notes) }
      switch errno {
      case ENOENT:
        if mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
          throw ReportWriteError(path: show(name), code: errno, doing: .createFolder)
        }
      case ELOOP, ENOTDIR:
        let what = kind(of: name) == S_IFLNK ? "a link" : "not a folder"
        guard replacing else { throw ReportWriteError(path: show(name), refused: what) }
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
          throw ReportWriteError(path: show(name), code: errno, doing: .remove)
        }
        notes.add(
          "\(show(name)) was \(what); \(Program.name) removed it (not what it pointed to) and made a real folder.")
      default:
        throw ReportWriteError(path: show(name), code: errno, doing: .openFolder)
      }
    }
    throw ReportWriteError(path: show(name), code: EAGAIN, doing: .openFolder)
  }

  /// Makes a new, empty subfolder named `<prefix><pid>-<hex>` (``TemporaryName/make(prefix:)``):
  /// exclusively this run's own, and locked (`flock`) for as long as it is open, so a later run can
  /// tell it from one a killed run left (``abandonedFolder(_:prefix:)``).
  func freshFolder(prefix: String) throws(ReportWriteError) -> (name: String, folder: SafeFolder) {
    while true {
      let name = TemporaryName.make(prefix: prefix)
      if mkdirat(descriptor, name, 0o755) == 0 {
        let made = try folder(name, replacing: false)
        _ = flock(made.descriptor, LOCK_EX | LOCK_NB)
        return (name, made)
      }
      if errno != EEXIST { throw ReportWriteError(path: show(name), code: errno, doing: .createFolder) }
    }
  }

  /// Subfolder `name` opened (and locked) when it is one ``freshFolder(prefix:)`` made for a run that
  /// no longer runs (killed before it could remove it): its name has exactly that form, the pid in
  /// it is not this process and has ended, it is a real folder (a link is never followed), and no
  /// process holds its lock (a live run in another pid namespace does). Nil for anything else.
  func abandonedFolder(_ name: String, prefix: String) -> SafeFolder? {
    guard let pid = TemporaryName.owner(of: name, prefix: prefix), pid != getpid(), TemporaryName.hasEnded(pid),
      let folder = existingFolder(name)
    else { return nil }
    // A file system without `flock` on folders cannot answer: the pid alone then decides.
    guard flock(folder.descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK else { return nil }
    return folder
  }

  /// The names in this folder (`.` and `..` left out).
  func names() -> [String] {
    var names: [String] = []
    DirectoryEntries.forEach(in: descriptor) { names.append(String(decoding: $0, as: UTF8.self)) }
    return names
  }

  /// Deletes every entry whose name `owned` accepts and `keep` does not: one entry at a time, never
  /// a folder's contents, never through a link (a link is removed itself).
  func removeOwned(where owned: (String) -> Bool, keeping keep: Set<String> = []) {
    for name in names() where owned(name) && !keep.contains(name) && kind(of: name) != S_IFDIR {
      _ = unlinkat(descriptor, name, 0)
    }
  }

  /// Removes the empty subfolder `name` (kept when anything not owned is left in it).
  func removeEmptyFolder(_ name: String) {
    _ = unlinkat(descriptor, name, AT_REMOVEDIR)
  }

  /// Removes the empty subfolder `name` only while it is `folder` (the same folder, not one
  /// renamed into its place since it was opened): a folder someone swapped in is not ours.
  func removeEmptyFolder(_ name: String, ifItIs folder: SafeFolder) {
    var entry = stat()
    var opened = stat()
    guard fstatat(descriptor, name, &entry, AT_SYMLINK_NOFOLLOW) == 0, fstat(folder.descriptor, &opened) == 0,
      entry.st_dev == opened.st_dev, entry.st_ino == opened.st_ino
    else { return }
    removeEmptyFolder(name)
  }

  /// Swaps entries `first` and `second` in one step (`renameat2(RENAME_EXCHANGE)`), or, where the
  /// system has no exchange, renames `second` onto a missing `first`. Neither is followed if a link.
  func exchange(_ first: String, with second: String) throws(ReportWriteError) {
    if kind(of: first) == nil {
      guard renameat(descriptor, second, descriptor, first) == 0 else {
        throw ReportWriteError(path: show(first), code: errno, doing: .putInPlace)
      }
      return
    }
    guard let renameAt2 = Self.renameAt2 else {
      throw ReportWriteError(path: show(first), code: ENOSYS, doing: .putInPlace)
    }
    guard renameAt2(descriptor, second, descriptor, first, Self.renameExchange) == 0 else {
      throw ReportWriteError(path: show(first), code: errno, doing: .putInPlace)
    }
  }

  /// Takes an exclusive lock on the file `name` (made when missing) without waiting: the open lock
  /// file, or nil when another process holds it.
  func tryLock(_ name: String) -> Int32? {
    // Opened as every file here is, so a named pipe planted at the lock's name never blocks.
    guard let opened = try? openForWriting(name).descriptor else { return nil }
    guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
      _ = close(opened)
      return nil
    }
    return opened
  }

  private typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
  private static let renameExchange: UInt32 = 1 << 1

  /// `renameat2`, looked up at run time (glibc 2.28+; absent elsewhere).
  private static let renameAt2: RenameAt2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()
}
