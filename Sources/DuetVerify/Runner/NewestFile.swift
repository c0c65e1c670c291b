import DuetPlatform

/// The most recently modified entry under a folder, found with `readdir` and `fstatat` relative to
/// each open folder: the stale-runner check walks every source and build product of a package on
/// each `verify --runner`, and `FileManager`'s enumerator made a URL and a boxed object per entry.
///
/// It sees what that enumerator saw: every entry at any depth, folders included, without entering
/// a link to a folder; an entry's time is its target's (a dangling link has none).
enum NewestFile {
  /// The path and modification time (nanoseconds) of the newest entry under `folder` whose name ends
  /// in `suffix` (any entry when nil); nil when there is none or `folder` cannot be opened.
  static func under(_ folder: String, suffix: String?) -> (path: String, time: Int64)? {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var newest: (path: String, time: Int64)?
    walk(descriptor, path: folder, suffix: suffix.map { Array($0.utf8) }, newest: &newest)
    return newest
  }

  /// Takes ownership of `descriptor` (closed on return).
  private static func walk(
    _ descriptor: Int32, path: String, suffix: [UInt8]?, newest: inout (path: String, time: Int64)?
  ) {
    defer { _ = close(descriptor) }
    DirectoryEntries.forEachEntry(in: descriptor) { name, type in
      visit(name, type: type, in: descriptor, path: path, suffix: suffix, newest: &newest)
    }
  }

  /// One entry of the open folder `descriptor` (at `path`): a candidate when its name matches, and
  /// walked when it is a folder (not a link to one).
  private static func visit(
    _ bytes: UnsafeBufferPointer<UInt8>, type: UInt8, in descriptor: Int32, path: String, suffix: [UInt8]?,
    newest: inout (path: String, time: Int64)?
  ) {
    // The name is NUL-terminated in place (DirectoryEntries), so it goes to the calls as it is.
    let name = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
    var info = stat()
    var isFolder = type == UInt8(DT_DIR)
    if type == UInt8(DT_UNKNOWN) {
      guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
      isFolder = info.st_mode & S_IFMT == S_IFDIR
    }
    var entryPath: String?
    let matches = suffix.map { bytes.count >= $0.count && bytes.suffix($0.count).elementsEqual($0) } ?? true
    if matches, fstatat(descriptor, name, &info, 0) == 0 {
      let time = FileIdentity(info).modified
      if time > (newest?.time ?? .min) {
        entryPath = path + "/" + String(decoding: bytes, as: UTF8.self)
        newest = (entryPath!, time)
      }
    }
    guard isFolder else { return }
    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else { return }
    walk(child, path: entryPath ?? path + "/" + String(decoding: bytes, as: UTF8.self), suffix: suffix, newest: &newest)
  }
}
