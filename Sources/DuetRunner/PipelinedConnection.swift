/// A runner connection that can hold several requests in flight.
///
/// The protocol answers one response line per request line, in order, so sending never needs to
/// wait for an answer: the caller keeps its own first-in-first-out record of what it sent and
/// pairs each received reply line with the oldest entry.
///
/// Sent requests may wait in the connection until `flush`, so several go out in one `write(2)`
/// (and the runner reads them in one `read(2)`); the caller flushes before it waits for a reply
/// that is not already buffered, so a request never waits on the verifier while it is blocked.
protocol PipelinedConnection: RunnerConnection {
  /// Queues one `reduce` request (state and action as compact UTF-8 bytes) without waiting for any
  /// answer (written by `flush`, or at once when many bytes are waiting): true when the queue was
  /// written now. While the runner's input is full its output keeps being read (and buffered), so
  /// a runner blocked on writing never deadlocks us.
  func send(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> Bool
  /// Queues one request line of another op, like `send(feature:state:action:)`.
  func send(op line: [UInt8]) throws(RunnerFault) -> Bool
  /// Writes every queued request, bounded by the per-request timeout; a failure loses the runner.
  func flush() throws(RunnerFault)
  /// True when the oldest unanswered request's reply line has already been read (no I/O): the
  /// caller can take it without flushing first.
  func hasBufferedLine() -> Bool
  /// The reply line (not blank) to the oldest unanswered request, a `reduce`, waiting at most
  /// until `deadline`.
  func receiveReduce(deadline: Deadline) throws(RunnerFault) -> [UInt8]
  /// The reply line to the oldest unanswered request, another op's (read up to the bulk cap).
  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8]
  /// After the runner was lost: the next `reduce` reply line it completed before it went, if any
  /// (read, never waited for; a blank one is `.blankLine`), so answers that made it out are not
  /// blamed for the loss.
  func bufferedReply() -> Result<[UInt8], RunnerFault>?
}

extension PipelinedConnection {
  /// Connections that write each request as it is sent have nothing to flush.
  func flush() throws(RunnerFault) {}
  func hasBufferedLine() -> Bool { false }
}

/// Pipelining for any connection that only answers one request at a time (a test double, a
/// future transport): requests wait here and each `receive` performs the oldest one synchronously,
/// so the slot's logic is the same either way, with one request truly in flight.
final class OneAtATimeConnection: PipelinedConnection {
  let base: any RunnerConnection
  private var queued: [RunnerRequest] = []
  private var head = 0

  init(_ base: any RunnerConnection) {
    self.base = base
  }

  var handshake: RunnerHandshake { base.handshake }

  /// Nothing waits to be written here: each request's clock starts as it is queued.
  func send(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> Bool {
    queued.append(.reduce(feature: feature, state: state, action: action))
    return true
  }

  func send(op line: [UInt8]) throws(RunnerFault) -> Bool {
    queued.append(.op(line))
    return true
  }

  func receiveReduce(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    guard case .reduce(let feature, let state, let action) = try next() else { throw .closedOutput }
    return try base.reduce(feature: feature, state: state, action: action)
  }

  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    guard case .op(let line) = try next() else { throw .closedOutput }
    return try base.ask(line)
  }

  /// The oldest request not yet performed.
  private func next() throws(RunnerFault) -> RunnerRequest {
    guard head < queued.count else { throw .closedOutput }
    let request = queued[head]
    head += 1
    if head == queued.count {
      queued.removeAll(keepingCapacity: true)
      head = 0
    }
    return request
  }

  func bufferedReply() -> Result<[UInt8], RunnerFault>? { nil }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    try base.reduce(feature: feature, state: state, action: action)
  }

  func ask(_ line: [UInt8]) throws(RunnerFault) -> [UInt8] { try base.ask(line) }
  func stderrTail() -> [String] { base.stderrTail() }
  func close() throws(RunnerStreamError) { try base.close() }
  func kill() { base.kill() }
}
