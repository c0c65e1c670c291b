#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads newline-terminated lines from a non-blocking file descriptor, with a deadline and a cap.
///
/// The cap is what keeps a runner that floods stdout with one endless line from exhausting the
/// verifier's memory: past `limit` bytes without a newline the read fails instead of growing.
struct LineReader {
  enum Outcome: Equatable {
    /// A complete line, without its newline.
    case line([UInt8])
    /// The other end closed (a partial last line is dropped).
    case endOfFile
    /// No complete line before the deadline.
    case timedOut
    /// More than `limit` bytes without a newline.
    case tooLong
  }

  let fd: Int32
  let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var searched = 0
  private var closed = false

  init(fd: Int32, limit: Int) {
    self.fd = fd
    self.limit = limit
  }

  /// The next line, waiting at most until `deadline`.
  mutating func next(deadline: Deadline) -> Outcome {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      if let newline = Self.newline(in: buffer, from: searched) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        searched = start
        compact()
        return .line(line)
      }
      searched = buffer.count
      if buffer.count - start > limit { return .tooLong }
      if closed { return .endOfFile }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        closed = true
        continue
      }
      if ready == 0 { return .timedOut }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
      } else if count == 0 {
        closed = true
      } else if errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK {
        closed = true
      }
    }
  }

  /// The index of the first newline at or after `start` (`memchr`, so long lines scan fast).
  static func newline(in buffer: [UInt8], from start: Int) -> Int? {
    guard start < buffer.count else { return nil }
    return buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, bytes.count - start) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Drops consumed bytes once they dominate the buffer, so memory stays bounded by one line.
  private mutating func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
      start = 0
      searched = 0
    } else if start > 1 << 16, start * 2 > buffer.count {
      buffer.removeFirst(start)
      searched -= start
      start = 0
    }
  }
}
