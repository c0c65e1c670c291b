import DuetCore

/// Collects reply lines and writes them in as few `write(2)` calls as the conversation allows.
///
/// A verifier waits for each reply before sending the next request, so replies must reach the
/// pipe before the runner blocks reading again; the server flushes right before every blocking
/// read. A client that pipelines requests (a benchmark) gets its replies in large writes instead
/// of one system call per line.
final class ReplyWriter {
  static let flushThreshold = 1 << 16

  let descriptor: Int32
  var pending: [UInt8] = []
  /// False once a write failed (the reader of stdout is gone).
  private(set) var isOpen = true

  init(descriptor: Int32) {
    self.descriptor = descriptor
    pending.reserveCapacity(Self.flushThreshold * 2)
  }

  /// Queues one line (a newline is added); writes through when enough has piled up.
  func append(_ line: String) {
    pending.append(contentsOf: line.utf8)
    pending.append(0x0A)
    if pending.count >= Self.flushThreshold { flush() }
  }

  /// Queues `{"effects":"…","state":"…"}` (what `ReplayEnvelope.reduced` builds as a string),
  /// escaping both strings straight into the buffer.
  func append(reduced step: ReplayStep) {
    pending.append(contentsOf: #"{"effects":"#.utf8)
    CanonicalWriter.appendQuoted(step.effects, to: &pending)
    pending.append(contentsOf: #","state":"#.utf8)
    CanonicalWriter.appendQuoted(step.state, to: &pending)
    pending.append(UInt8(ascii: "}"))
    pending.append(0x0A)
    if pending.count >= Self.flushThreshold { flush() }
  }

  /// Writes everything queued.
  func flush() {
    guard !pending.isEmpty else { return }
    if isOpen { isOpen = FileDescriptorIO.write(descriptor, pending) }
    pending.removeAll(keepingCapacity: true)
  }
}
