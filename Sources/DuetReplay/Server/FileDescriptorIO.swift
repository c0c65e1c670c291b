#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered reads and writes on raw file descriptors.
///
/// stdout must carry each response line the moment it is complete (the verifier waits for it),
/// and nothing may sit in a stdio buffer when the process exits; one `write(2)` per line does both.
enum FileDescriptorIO {
  /// Reads up to the buffer's size, retrying on EINTR; 0 at end of input, -1 on error.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      #if canImport(Darwin)
        let count = Darwin.read(descriptor, base, buffer.count)
      #elseif canImport(Glibc)
        let count = Glibc.read(descriptor, base, buffer.count)
      #else
        let count = Musl.read(descriptor, base, buffer.count)
      #endif
      if count < 0, errno == EINTR { continue }
      return count
    }
  }

  /// Writes every byte, retrying on EINTR and partial writes; false when the descriptor is gone.
  static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { write(descriptor, $0) }
  }

  /// ``write(_:_:)-([UInt8])`` for bytes in place.
  static func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      #if canImport(Darwin)
        let count = Darwin.write(descriptor, base + offset, bytes.count - offset)
      #elseif canImport(Glibc)
        let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
      #else
        let count = Musl.write(descriptor, base + offset, bytes.count - offset)
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += count
    }
    return true
  }

  /// Lets a closed stdout surface as a failed write instead of killing the process with SIGPIPE.
  static func ignoreBrokenPipes() {
    _ = signal(SIGPIPE, SIG_IGN)
  }
}
