import DuetCore

/// Collects reply lines and writes them in as few `write(2)` calls as the conversation allows.
///
/// A verifier waits for each reply before sending the next request, so replies must reach the
/// pipe before the runner blocks reading again; the server flushes right before every blocking
/// read. A client that pipelines requests (a benchmark) gets its replies in large writes instead
/// of one system call per line.
///
/// The lines are assembled in a buffer of its own, written through a pointer: a reduce's two
/// strings are quoted into it byte by byte, and an array's append paid a uniqueness and capacity
/// check (and an exclusivity check on this class's property) for every byte or run of bytes.
final class ReplyWriter {
  static let flushThreshold = 1 << 16

  let descriptor: Int32
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0
  /// False once a write failed (the reader of stdout is gone).
  private(set) var isOpen = true
  /// Writes a step's results as compact canonical bytes, quoted from there into the line.
  private let encoder = DirectWriter()
  /// The index the last compact request was read into, read into again for the next one
  /// (``CompactRequest``): no allocation of the runner's own per request.
  var spareDocument: CompactDocument?

  /// A writer to `descriptor`; `capacity` is the buffer's first size (it grows as needed).
  init(descriptor: Int32, capacity: Int = flushThreshold * 2) {
    self.descriptor = descriptor
    self.capacity = capacity
    storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Room for `extra` more bytes after the queued ones.
  private func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    let grown = max(capacity * 2, count + extra)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
    count += bytes.count
  }

  private func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Queues one line (a newline is added); writes through when enough has piled up.
  func append(_ line: String) {
    var line = line
    line.withUTF8 { append($0) }
    append(0x0A)
    if count >= Self.flushThreshold { flush() }
  }

  /// Queues `{"effects":"…","state":"…"}` (what `ReplayEnvelope.reduced` builds as a string),
  /// escaping both strings straight into the buffer.
  func append(reduced step: ReplayStep) {
    appendStatic(#"{"effects":"#)
    appendQuoted(step.effects)
    appendStatic(#","state":"#)
    appendQuoted(step.state)
    append(UInt8(ascii: "}"))
    append(0x0A)
    if count >= Self.flushThreshold { flush() }
  }

  private func appendStatic(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The reply line of a step, written straight from its values: `{"effects":"…","state":"…"}`,
  /// each value's compact canonical bytes (``DirectWriter``, or the canonical encoder for what
  /// that writer leaves to it) quoted into the buffer, no `String` made of either. The caller
  /// writes the parts in order (`TypedReduction.runCompact`) and rolls back to the mark this
  /// returns when a value cannot be encoded (then the request goes the tree way, which words
  /// the error).
  func beginReduced() -> Int {
    let mark = count
    appendStatic(#"{"effects":"#)
    return mark
  }

  func appendNoEffects() { appendStatic(#""[]""#) }

  func beginState() { appendStatic(#","state":"#) }

  /// Ends the line and writes through when enough has piled up (a writer without a descriptor,
  /// `respond(to:)`'s, keeps its line to be taken).
  func endReduced() {
    append(UInt8(ascii: "}"))
    append(0x0A)
    if descriptor >= 0, count >= Self.flushThreshold { flush() }
  }

  /// Drops what was queued after `mark`.
  func rollBack(to mark: Int) { count = mark }

  /// The last queued line without its newline, taken out of the buffer: what `respond(to:)`
  /// returns of a line it had written here.
  func takeLine() -> String {
    let line = String(decoding: UnsafeBufferPointer(start: storage, count: max(count - 1, 0)), as: UTF8.self)
    count = 0
    return line
  }

  /// `value`'s compact canonical bytes quoted into the line; false (the line unfinished) when it
  /// cannot be encoded.
  func appendEncoded<T: Encodable>(_ value: T) -> Bool {
    if let bytes = encoder.compactBytes(value) {
      appendQuoted(bytes)
      return true
    }
    guard let text = try? CanonicalEncoder().compact(value) else { return false }
    appendQuoted(text)
    return true
  }

  /// `text` quoted as `CanonicalWriter.appendQuoted` quotes it.
  private func appendQuoted(_ text: String) {
    var text = text
    text.withUTF8 { appendQuoted($0) }
  }

  /// `utf8` quoted as `CanonicalWriter.appendQuoted` quotes it: `"` and `\` escaped, control
  /// characters as `\n`, `\r`, `\t` or `\u00XX`; a 36-byte text (possibly UUID-shaped: never a
  /// reply's JSON, but the rule is the writer's) goes through the writer itself.
  private func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    if utf8.count == 36 {
      var bytes: [UInt8] = []
      CanonicalWriter.appendQuoted(String(decoding: utf8, as: UTF8.self), to: &bytes)
      bytes.withUnsafeBufferPointer { append($0) }
      return
    }
    reserve(QuotedBytes.capacity(for: utf8.count))
    count = QuotedBytes.write(utf8, to: storage + count) - storage
  }

  /// Writes everything queued.
  func flush() {
    guard count > 0 else { return }
    if isOpen { isOpen = SystemFile.write(UnsafeBufferPointer(start: storage, count: count), to: descriptor) }
    count = 0
  }
}
