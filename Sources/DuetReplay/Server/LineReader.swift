#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into lines, reading in large chunks.
///
/// A benchmark pushes a hundred thousand requests through one runner, so the reader pulls 64 KiB
/// at a time and finds newlines itself instead of reading byte by byte. A line longer than the
/// limit is skipped to its newline and reported, so hostile input cannot exhaust memory.
struct LineReader {
  /// One result of ``next()``.
  enum Line: Equatable {
    /// A line's bytes, without its `\n` (and without a `\r` before it).
    case line(ArraySlice<UInt8>)
    /// A line longer than the limit was skipped.
    case tooLong
    /// The input ended; a final line without a newline was returned before this.
    case end
  }

  static let chunkSize = 1 << 16

  let maximumLineLength: Int
  /// Fills the buffer with up to its count bytes; returns how many (0 at end of input, <0 on error).
  let readChunk: (UnsafeMutableRawBufferPointer) -> Int
  var buffer: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: LineReader.chunkSize)
  var start = 0
  var scanned = 0
  var finished = false
  var discarding = false

  init(maximumLineLength: Int, readChunk: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
    self.maximumLineLength = maximumLineLength
    self.readChunk = readChunk
    buffer.reserveCapacity(Self.chunkSize * 2)
  }

  /// The next line. Empty lines are returned as empty slices; the caller decides what they mean.
  mutating func next() -> Line {
    while true {
      if let newline = newlineIndex() {
        let lineStart = start
        start = newline + 1
        scanned = start
        if discarding {
          discarding = false
          return .tooLong
        }
        var end = newline
        if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return .line(buffer[lineStart..<end])
      }
      scanned = buffer.count
      if buffer.count - start > maximumLineLength {
        discarding = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
        scanned = 0
      }
      if finished {
        if discarding {
          discarding = false
          start = buffer.count
          scanned = start
          return .tooLong
        }
        guard start < buffer.count else { return .end }
        let rest = buffer[start...]
        start = buffer.count
        scanned = start
        return .line(rest)
      }
      fill()
    }
  }

  /// The index of the first newline at or after `scanned`, found by `memchr` (the slice's
  /// generic `firstIndex(of:)` went byte by byte through the collection's indices).
  private func newlineIndex() -> Int? {
    let from = scanned
    return buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard from < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + from, 0x0A, bytes.count - from)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Drops consumed bytes, then appends one chunk (or marks the input finished).
  mutating func fill() {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    let read = readChunk
    let count = chunk.withUnsafeMutableBytes { read($0) }
    if count <= 0 {
      finished = true
      return
    }
    buffer.append(contentsOf: chunk[0..<min(count, chunk.count)])
  }
}
