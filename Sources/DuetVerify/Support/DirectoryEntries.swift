import DuetPlatform

/// The entries of an open folder, read with `readdir` as bytes: a `String` is made only for the
/// names a caller keeps (`FileManager`'s listing converts and boxes every one).
enum DirectoryEntries {
  /// Calls `visit` with the bytes of each entry name in the open folder `descriptor` (`.` and `..`
  /// left out), from its start; the folder stays open.
  static func forEach(in descriptor: Int32, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
    forEachEntry(in: descriptor) { name, _ in visit(name) }
  }

  /// ``forEach(in:_:)`` with each entry's `d_type` (`DT_DIR`, `DT_LNK`, `DT_UNKNOWN`…), so a walk
  /// can tell folders without a `stat`. The name's bytes are followed by a NUL in place, so
  /// `baseAddress` can be handed to `fstatat` or `openat` as it is.
  static func forEachEntry(in descriptor: Int32, _ visit: (UnsafeBufferPointer<UInt8>, UInt8) -> Void) {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      if copy >= 0 { _ = close(copy) }
      return
    }
    defer { closedir(stream) }
    rewinddir(stream)
    while let entry = readdir(stream) {
      let type = entry.pointee.d_type
      withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { start in
          let length = strlen(start)
          UnsafeRawPointer(start).withMemoryRebound(to: UInt8.self, capacity: length) {
            let name = UnsafeBufferPointer(start: $0, count: length)
            let dots = length <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
            if !dots { visit(name, type) }
          }
        }
      }
    }
  }
}
