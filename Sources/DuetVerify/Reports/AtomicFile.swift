import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file atomically: a temporary file in the same folder, then `rename(2)` over the target.
///
/// A reader (`explain`, a CI artifact upload) never sees a half-written report, even when a run is
/// interrupted. Plain system calls, no `fsync`: `verify` writes one report per recording, and a
/// report only has to be whole, not to survive a power cut.
enum AtomicFile {
  static func write(_ text: String, to url: URL) throws {
    try write(text, toPath: url.path)
  }

  static func write(_ text: String, toPath path: String) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = folder + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try writeNew(text, toPath: temporary)
    } catch CocoaError.fileNoSuchFile {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try writeNew(text, toPath: temporary)
    }
    guard rename(temporary, path) == 0 else {
      let error = failure(path)
      _ = unlink(temporary)
      throw error
    }
  }

  /// Creates `path` (exclusively) and writes `text` to it.
  static func writeNew(_ text: String, toPath path: String) throws {
    try write(text, toPath: path, flags: O_CREAT | O_EXCL)
  }

  /// Writes `text` over `path` in place (created if needed), then cuts it to length; not atomic by
  /// itself. `verify` uses it in a staging folder that replaces the old one in a single rename,
  /// reusing last-but-one run's files: no new inode, and no truncation to zero (which makes ext4
  /// flush on close). The write is padded to whole pages, so the kernel never reads the old page
  /// back just to change part of it; the cut to length drops the padding.
  static func overwrite(_ text: String, toPath path: String) throws {
    var bytes = Array(text.utf8)
    let length = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (4_096 - length % 4_096) % 4_096))
    try write(bytes, length: length, toPath: path, flags: O_CREAT)
  }

  private static func write(_ text: String, toPath path: String, flags: Int32) throws {
    let bytes = Array(text.utf8)
    try write(bytes, length: bytes.count, toPath: path, flags: flags)
  }

  private static func write(_ bytes: [UInt8], length: Int, toPath path: String, flags: Int32) throws {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
      throw failure(path)
    }
    var bytes = bytes
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        let error = failure(path)
        _ = close(descriptor)
        _ = unlink(path)
        throw error
      }
      written += count
    }
    if flags & O_EXCL == 0, ftruncate(descriptor, off_t(length)) != 0 {
      let error = failure(path)
      _ = close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw failure(path) }
  }

  /// The error a failed write reports (its text names the file and the system's reason).
  static func failure(_ path: String) -> CocoaError {
    CocoaError(
      .fileWriteUnknown,
      userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
  }
}
