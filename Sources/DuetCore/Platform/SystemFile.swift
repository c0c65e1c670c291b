import DuetPlatform

/// Reading and writing through file descriptors (as Foundation's `FileHandle`, which the verifier
/// does not link: see ``SystemLock``), unbuffered: the runner side's server writes its reply lines
/// through it too, since nothing may sit in a stdio buffer when a process exits.
package enum SystemFile {
  /// Writes all of `bytes` to `descriptor`, again after an interrupted or partial write; gives up
  /// silently on any other error (a closed pipe, a full disk), as the callers did with `try?`.
  package static func write<Bytes: Collection<UInt8>>(_ bytes: Bytes, to descriptor: Int32) {
    let written: Bool? = bytes.withContiguousStorageIfAvailable { write($0, to: descriptor) }
    if written == nil { _ = Array(bytes).withUnsafeBufferPointer { write($0, to: descriptor) } }
  }

  /// Writes `text`'s UTF-8 bytes to `descriptor` (standard output is 1, standard error 2).
  package static func write(_ text: String, to descriptor: Int32) {
    var text = text
    _ = text.withUTF8 { write($0, to: descriptor) }
  }

  /// Writes every byte of `buffer`, again after an interrupted or partial write; false when the
  /// descriptor refuses (a closed pipe, a full disk).
  @discardableResult
  package static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    guard var next = buffer.baseAddress else { return true }
    var left = buffer.count
    while left > 0 {
      let count = systemWrite(descriptor, next, left)
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      next += count
      left -= count
    }
    return true
  }

  /// One read into `buffer`, again after an interruption: the count read, 0 at the end of input,
  /// -1 on an error.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let count = systemRead(descriptor, base, buffer.count)
      if count < 0, errno == EINTR { continue }
      return count
    }
  }

  /// Up to `limit` bytes read from `descriptor` (fewer only at its end); nil when a read fails.
  package static func read(_ descriptor: Int32, upTo limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(limit, 65_536))
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes {
        read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<wanted]))
      }
      if count < 0 { return nil }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Up to `limit` bytes from the start of the file at `path`; nil when it cannot be opened or read
  /// (a folder opens but cannot be read).
  package static func prefix(ofFileAt path: String, upTo limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return read(descriptor, upTo: limit)
  }
}

// The system calls under names that do not clash with the static methods above.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}
