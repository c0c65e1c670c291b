import DuetPlatform

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
    /// The watched descriptor (the runner's input) has no reader any more, and no line is waiting.
    case peerStoppedReading
  }

  let fd: Int32
  let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var searched = 0
  private var closed = false
  private var chunk = [UInt8](repeating: 0, count: 65_536)
  /// The last line handed out, whose storage the next line reuses once its taker let go of it (a
  /// reply line a step: a fresh array each was an allocation and a free per step).
  private var line: [UInt8] = []

  init(fd: Int32, limit: Int) {
    self.fd = fd
    self.limit = limit
  }

  /// The next line, waiting at most until `deadline`. With `watching`, a write end whose reader
  /// has gone (the runner stopped reading its input) ends the wait early. `cap` replaces `limit`
  /// for this line (an op whose reply may be larger than any `reduce` reply).
  mutating func next(deadline: Deadline, watching: Int32? = nil, cap: Int? = nil) -> Outcome {
    let limit = cap ?? self.limit
    while true {
      if let line = takeLine() { return .line(line) }
      if buffer.count - start > limit { return .tooLong }
      if closed { return .endOfFile }
      var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
      if let watching { descriptors.append(pollfd(fd: watching, events: 0, revents: 0)) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), deadline.remainingMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        closed = true
        continue
      }
      if ready == 0 { return .timedOut }
      if descriptors[0].revents != 0 {
        readOnce()
        continue
      }
      if descriptors.count > 1, descriptors[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
        return .peerStoppedReading
      }
    }
  }

  /// Reads whatever is available right now without waiting (lines are kept for `next`). False
  /// when more than `limit` bytes are waiting unread: a runner that floods while ignoring its input.
  mutating func fillAvailable() -> Bool {
    while !closed {
      if buffer.count - start > limit { return false }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return true }
      readOnce()
    }
    return true
  }

  /// Everything left on the stream until it closes or `deadline` passes: how many lines (a partial
  /// last line, or one past the cap, counts as one) and the first of them. After the runner has
  /// ended this proves that nothing was written that no request asked for.
  mutating func leftovers(deadline: Deadline) -> (count: Int, first: [UInt8]?) {
    var count = 0
    var first: [UInt8]?
    while true {
      switch next(deadline: deadline) {
      case .line(let line):
        count += 1
        if first == nil { first = line }
      case .tooLong:
        if first == nil { first = Array(buffer[start..<min(buffer.count, start + 256)]) }
        return (count + 1, first)
      case .endOfFile, .timedOut, .peerStoppedReading:
        if buffer.count > start {
          count += 1
          if first == nil { first = Array(buffer[start..<min(buffer.count, start + 256)]) }
        }
        return (count, first)
      }
    }
  }

  /// A complete line already read, without any I/O (for answers that arrived before a loss).
  mutating func bufferedLine() -> [UInt8]? { takeLine() }

  /// True when a complete line is already read (no I/O): `next` returns it without waiting.
  mutating func hasBufferedLine() -> Bool {
    guard let newline = Self.newline(in: buffer, from: searched) else {
      searched = buffer.count
      return false
    }
    // Nothing before it is a newline: taking the line finds it at once.
    searched = newline
    return true
  }

  private mutating func takeLine() -> [UInt8]? {
    guard let newline = Self.newline(in: buffer, from: searched) else {
      searched = buffer.count
      return nil
    }
    let taken: [UInt8]
    if newline - start > 1 << 16 {
      // A long line (an op's bulk reply) gets an array of its own: its room is not kept.
      taken = Array(buffer[start..<newline])
    } else {
      // Unique again once the last line's taker has let go: then its room is reused (one
      // `replaceSubrange` from the buffer's bytes, a third cheaper than emptying and appending).
      let (bytes, range) = (buffer, start..<newline)
      bytes.withUnsafeBufferPointer { bytes in
        line.replaceSubrange(line.indices, with: UnsafeBufferPointer(rebasing: bytes[range]))
      }
      taken = line
    }
    start = newline + 1
    searched = start
    compact()
    return taken
  }

  private mutating func readOnce() {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count > 0 {
      chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
    } else if count == 0 {
      closed = true
    } else if errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK {
      closed = true
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
