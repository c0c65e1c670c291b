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
  /// Bytes `start..<end` are read and not yet taken; `end...` is room `read(2)` writes into
  /// directly (a separate chunk, copied over after each read, cost a copy of every byte).
  private var storage = [UInt8](repeating: 0, count: LineReader.readSize)
  private var start = 0
  private var end = 0
  /// No newline lies in `start..<searched`.
  private var searched = 0
  /// The newline ending the next line once found (`hasBufferedLine`), so taking the line does not
  /// search again; -1 while unknown.
  private var newline = -1
  private var closed = false
  /// The last line handed out, whose storage the next line reuses once its taker let go of it (a
  /// reply line a step: a fresh array each was an allocation and a free per step).
  private var line: [UInt8] = []

  /// Room asked of each `read(2)`.
  static let readSize = 65_536

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
      if end - start > limit { return .tooLong }
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
      if end - start > limit { return false }
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
        if first == nil { first = Array(storage[start..<min(end, start + 256)]) }
        return (count + 1, first)
      case .endOfFile, .timedOut, .peerStoppedReading:
        if end > start {
          count += 1
          if first == nil { first = Array(storage[start..<min(end, start + 256)]) }
        }
        return (count, first)
      }
    }
  }

  /// A complete line already read, without any I/O (for answers that arrived before a loss).
  mutating func bufferedLine() -> [UInt8]? { takeLine() }

  /// True when a complete line is already read (no I/O): `next` returns it without waiting.
  mutating func hasBufferedLine() -> Bool {
    guard newline < 0 else { return true }
    guard let found = Self.newline(in: storage, from: searched, to: end) else {
      searched = end
      return false
    }
    newline = found
    return true
  }

  private mutating func takeLine() -> [UInt8]? {
    guard hasBufferedLine() else { return nil }
    let range = start..<newline
    let taken: [UInt8]
    if range.count > 1 << 16 {
      // A long line (an op's bulk reply) gets an array of its own: its room is not kept.
      taken = Array(storage[range])
    } else {
      // Unique again once the last line's taker has let go: then its room is reused (one
      // `replaceSubrange` from the buffer's bytes, a third cheaper than emptying and appending).
      storage.withUnsafeBufferPointer { bytes in
        line.replaceSubrange(line.indices, with: UnsafeBufferPointer(rebasing: bytes[range]))
      }
      taken = line
    }
    start = newline + 1
    searched = start
    newline = -1
    if start == end {
      // Everything read is taken: the next read starts at the front (a buffer grown past a
      // megabyte by one long line is let go).
      (start, end, searched) = (0, 0, 0)
      if storage.count > 1 << 20 { storage = [UInt8](repeating: 0, count: Self.readSize) }
    }
    return taken
  }

  /// Reads once into the room after `end`, making room first.
  private mutating func readOnce() {
    makeRoom()
    let offset = end
    let count = storage.withUnsafeMutableBytes { room in
      read(fd, room.baseAddress.map { $0 + offset }, room.count - offset)
    }
    if count > 0 {
      end += count
    } else if count == 0 {
      closed = true
    } else if errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK {
      closed = true
    }
  }

  /// At least `readSize` bytes of room after `end`: the unread bytes move to the front once the
  /// taken ones before them are as many (so each byte moves a bounded number of times, and memory
  /// stays bounded by about twice the longest line), else into storage twice the size.
  private mutating func makeRoom() {
    guard storage.count - end < Self.readSize else { return }
    let (from, count) = (start, end - start)
    if from > 0, from >= count {
      storage.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        memmove(base, base + from, count)
      }
    } else {
      let size = max(storage.count * 2, count + Self.readSize)
      // Only the unread bytes are copied; the room after them is written by `read(2)` before
      // anything reads it.
      storage = storage.withUnsafeBytes { old in
        [UInt8](unsafeUninitializedCapacity: size) { room, initialized in
          if let target = room.baseAddress, let source = old.baseAddress, count > 0 {
            memcpy(target, source + from, count)
          }
          initialized = size
        }
      }
    }
    (start, end) = (0, count)
    searched -= from
    if newline >= 0 { newline -= from }
  }

  /// The index of the first newline in `start..<end` of `buffer` (`memchr`, so long lines scan fast).
  static func newline(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
    guard start < end else { return nil }
    return buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, end - start) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }
}
