import DuetPlatform

/// One file's identity as the file system keeps it: a change of content, a replacement or a
/// `touch` changes at least one field (the status-change time cannot be set back by a user).
struct FileIdentity: Equatable, Sendable {
  var size: Int64
  var modified: Int64
  var changed: Int64
  var inode: UInt64
  var device: UInt64
  var mode: UInt32

  /// `size mtime-ns ctime-ns inode device mode`.
  var text: String { "\(size) \(modified) \(changed) \(inode) \(device) \(String(mode, radix: 8))" }

  /// The identity of `path` (of the link itself unless `follow`), or nil when it cannot be read.
  static func of(_ path: String, follow: Bool) -> FileIdentity? {
    var info = stat()
    guard (follow ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    return FileIdentity(info)
  }

  init(_ info: stat) {
    size = Int64(info.st_size)
    #if canImport(Glibc)
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #else
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #endif
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
    mode = UInt32(info.st_mode)
  }

  var isFolder: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
  var isLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
}
