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

  init(descriptor: Int32) {
    self.descriptor = descriptor
    capacity = Self.flushThreshold * 2
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

  /// `text` quoted as `CanonicalWriter.appendQuoted` quotes it: `"` and `\` escaped, control
  /// characters as `\n`, `\r`, `\t` or `\u00XX`; a UUID-shaped text (never a reply's JSON, but
  /// the rule is the writer's) goes through the writer itself.
  private func appendQuoted(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      if utf8.count == 36 {
        var bytes: [UInt8] = []
        CanonicalWriter.appendQuoted(String(decoding: utf8, as: UTF8.self), to: &bytes)
        bytes.withUnsafeBufferPointer { append($0) }
        return
      }
      reserve(utf8.count * 6 + 2)
      var out = storage + count
      out.pointee = UInt8(ascii: "\"")
      out += 1
      for byte in utf8 {
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
          out.pointee = byte
          out += 1
          continue
        }
        out.pointee = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
          out[1] = UInt8(ascii: "u")
          out[2] = UInt8(ascii: "0")
          out[3] = UInt8(ascii: "0")
          out[4] = Self.hexDigit(byte >> 4)
          out[5] = Self.hexDigit(byte & 0x0F)
          out += 4
        }
        out += 2
      }
      out.pointee = UInt8(ascii: "\"")
      out += 1
      count = out - storage
    }
  }

  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Writes everything queued.
  func flush() {
    guard count > 0 else { return }
    if isOpen { isOpen = FileDescriptorIO.write(descriptor, UnsafeBufferPointer(start: storage, count: count)) }
    count = 0
  }
}
