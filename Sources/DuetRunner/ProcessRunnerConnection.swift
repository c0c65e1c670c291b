import DuetCore
import DuetPlatform

/// A runner process speaking replay protocol v1 over its standard streams.
///
/// Requests may be pipelined (the protocol answers in order, one line per request): `send` and
/// `receive` are separate steps, and `reduce` is one of each. Every wait has a deadline, stdout
/// lines are capped, stderr is drained on its own thread, and the process is always reaped, so no
/// runner behaviour can hang, crash or leak the verifier.
final class ProcessRunnerConnection: PipelinedConnection, @unchecked Sendable {
  let handshake: RunnerHandshake
  /// The command, as the user gave it (for protocol errors naming the runner).
  let command: String
  private let process: SpawnedProcess
  /// The two hot stores are unchecked for exclusive access: one slot thread drives a connection,
  /// and the dynamic check cost two runtime calls per touch, several per request
  /// (docs/performance.md).
  @exclusivity(unchecked) private var reader: LineReader
  private let drain: StderrDrain
  private let limits: RunnerLimits
  private var finished = false
  private var inputClosed = false
  /// Requests sent and not yet written (see `flush`).
  @exclusivity(unchecked) private var unwritten = RequestQueue()
  /// The last feature sent and its requests' bytes between action and state, made once rather
  /// than per request.
  private var lastFeature = ""
  private var lastMiddle = RequestQueue.reduceMiddle(quotedFeature: "\"\"")

  private init(
    command: String, process: SpawnedProcess, reader: LineReader, drain: StderrDrain, limits: RunnerLimits,
    handshake: RunnerHandshake
  ) {
    self.command = command
    self.process = process
    self.reader = reader
    self.drain = drain
    self.limits = limits
    self.handshake = handshake
  }

  /// Starts `command` and validates its handshake.
  static func start(_ command: RunnerCommand, limits: RunnerLimits) throws(RunnerStartError) -> ProcessRunnerConnection
  {
    IgnoreSIGPIPE.once()
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess.spawn(
        executable: command.executable, arguments: command.arguments, workingDirectory: command.workingDirectory.path)
    } catch {
      throw RunnerStartError(command: command.display, fault: .cannotStart(error), stderr: [])
    }
    PipeCapacity.widen(process.input)
    PipeCapacity.widen(process.output)
    let drain = StderrDrain(fd: process.errorOutput, tailBytes: limits.stderrTailBytes)
    var reader = LineReader(fd: process.output, limit: limits.lineLimit)
    func fail(_ fault: RunnerFault, kill: Bool) -> RunnerStartError {
      closeDescriptor(process.input)
      if kill { process.killGroup() }
      _ = process.reap(grace: limits.exitGrace)
      drain.finish()
      closeDescriptor(process.output)
      return RunnerStartError(command: command.display, fault: fault, stderr: drain.lastLines())
    }
    switch reader.next(deadline: Deadline(after: limits.timeout)) {
    case .line(let line):
      do {
        let handshake = try RunnerHandshake.parse(line)
        return ProcessRunnerConnection(
          command: command.display, process: process, reader: reader, drain: drain, limits: limits, handshake: handshake
        )
      } catch {
        throw fail(error, kill: true)
      }
    case .endOfFile:
      closeDescriptor(process.input)
      let status = process.reap(grace: limits.exitGrace)
      drain.finish()
      closeDescriptor(process.output)
      throw RunnerStartError(command: command.display, fault: .exited(status), stderr: drain.lastLines())
    case .timedOut: throw fail(.timedOut(seconds: limits.timeout), kill: true)
    case .tooLong: throw fail(.lineTooLong(limit: limits.lineLimit), kill: true)
    case .peerStoppedReading: throw fail(.closedInput, kill: true)  // not watched before the handshake
    }
  }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    let deadline = Deadline(after: limits.timeout)
    guard unwritten.appendReduce(middle: middle(feature), state: state, action: action) else {
      throw .requestNotOneLine
    }
    try flush(deadline: deadline)
    return try receive(deadline: deadline)
  }

  func send(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> Bool {
    guard unwritten.appendReduce(middle: middle(feature), state: state, action: action) else {
      throw .requestNotOneLine
    }
    return try flushIfLarge()
  }

  /// `feature`'s bytes between a request's action and state, kept while the feature repeats (it
  /// does, request after request).
  private func middle(_ feature: String) -> [UInt8] {
    if feature != lastFeature {
      lastFeature = feature
      lastMiddle = RequestQueue.reduceMiddle(quotedFeature: CanonicalWriter.quoted(feature))
    }
    return lastMiddle
  }

  func send(op line: [UInt8]) throws(RunnerFault) -> Bool {
    unwritten.append(line: try Self.oneLine(line))
    return try flushIfLarge()
  }

  /// Writes the queue once `flushThreshold` bytes wait; true when it did.
  private func flushIfLarge() throws(RunnerFault) -> Bool {
    guard unwritten.count >= Self.flushThreshold else { return false }
    try flush()
    return true
  }

  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    // One feature's recordings travel in one line: the bulk cap, not the per-reply one.
    try receive(deadline: deadline, cap: limits.bulkLineLimit)
  }

  func ask(_ line: [UInt8]) throws(RunnerFault) -> [UInt8] {
    let deadline = Deadline(after: limits.timeout)
    unwritten.append(line: try Self.oneLine(line))
    try flush(deadline: deadline)
    return try receive(deadline: deadline, cap: limits.bulkLineLimit)
  }

  /// Queued requests are written once this many bytes wait (a pipe's usual capacity), so the
  /// queue stays small when big states are sent.
  static let flushThreshold = 1 << 16

  func hasBufferedLine() -> Bool { reader.hasBufferedLine() }

  func flush() throws(RunnerFault) {
    try flush(deadline: Deadline(after: limits.timeout))
  }

  /// `bytes`, when they are exactly one line ending in its newline (no carriage return either).
  static func oneLine(_ bytes: [UInt8]) throws(RunnerFault) -> [UInt8] {
    guard isOneLine(bytes[...]) else { throw .requestNotOneLine }
    return bytes
  }

  /// One newline, at the end, and no carriage return.
  static func isOneLine(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { line in
      guard let base = line.baseAddress, line.count > 0, line[line.count - 1] == 0x0A else { return false }
      return memchr(base, 0x0A, line.count - 1) == nil && memchr(base, 0x0D, line.count) == nil
    }
  }

  /// The reply line, unread: the job compares it with what it expects before reading it.
  func receiveReduce(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    try receive(deadline: deadline)
  }

  /// Writes the queued requests, bounded by `deadline`. While the runner's input pipe is full, its
  /// output is read into the line buffer, so a runner blocked writing answers never deadlocks us.
  /// A runner lost on the way takes the unwritten rest with it.
  private func flush(deadline: Deadline) throws(RunnerFault) {
    defer { unwritten.removeAll() }
    var offset = 0
    while offset < unwritten.count {
      let written = unwritten.withUnsafeBytes(from: offset) { write(process.input, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
        continue
      }
      if written < 0, errno == EINTR { continue }
      if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var descriptors = [
          pollfd(fd: process.input, events: Int16(POLLOUT), revents: 0),
          pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, deadline.remainingMilliseconds)
        if ready == 0 { throw lose(.timedOut(seconds: limits.timeout)) }
        if ready > 0, descriptors[1].revents != 0, !reader.fillAvailable() {
          throw lose(.lineTooLong(limit: limits.lineLimit))
        }
        continue
      }
      throw lose(exitFault(orElse: .closedInput))  // EPIPE: the runner is gone or stopped reading
    }
  }

  /// Reads one response line, bounded by `deadline` (and by `cap` bytes instead of the usual line
  /// limit, when given); a runner that stopped reading its input is lost at once rather than waited
  /// for. A blank line is a protocol error that loses the runner: the stream may be out of step.
  func receive(deadline: Deadline, cap: Int? = nil) throws(RunnerFault) -> [UInt8] {
    // A reply not read yet may be owed to a request still queued here.
    if !unwritten.isEmpty, !reader.hasBufferedLine() { try flush(deadline: deadline) }
    switch reader.next(deadline: deadline, watching: inputClosed ? nil : process.input, cap: cap) {
    case .line(let line):
      if Self.isBlank(line) { throw lose(.blankLine) }
      return line
    case .endOfFile: throw lose(exitFault())
    case .timedOut: throw lose(.timedOut(seconds: limits.timeout))
    case .tooLong: throw lose(.lineTooLong(limit: cap ?? limits.lineLimit))
    case .peerStoppedReading: throw lose(exitFault(orElse: .closedInput))
    }
  }

  /// Empty, or only spaces, tabs and carriage returns.
  static func isBlank(_ line: [UInt8]) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  func bufferedReply() -> Result<[UInt8], RunnerFault>? {
    guard let line = reader.bufferedLine() else { return nil }
    return Self.isBlank(line) ? .failure(.blankLine) : .success(line)
  }

  /// A stream to the runner ended: how the runner ended, or `fallback` (after killing it) when it
  /// is still running.
  private func exitFault(orElse fallback: RunnerFault = .closedOutput) -> RunnerFault {
    // A crashing runner is gone within milliseconds of its stdout closing; one that merely closed
    // stdout is killed after at most half a second.
    guard process.hasEnded(within: min(limits.exitGrace, 0.5)) else {
      kill()
      return fallback
    }
    let status = process.reap(grace: 0)
    finishStreams()
    return .exited(status)
  }

  private func lose(_ fault: RunnerFault) -> RunnerFault {
    if !finished { kill() }
    return fault
  }

  func stderrTail() -> [String] { drain.lastLines() }

  func close() throws(RunnerStreamError) {
    guard !finished else { return }
    // Every request was answered before close, so nothing is queued; a leftover goes out first.
    unwritten.append(line: Array("{\"op\":\"exit\"}\n".utf8))
    _ = unwritten.withUnsafeBytes(from: 0) { write(process.input, $0.baseAddress, $0.count) }
    unwritten.removeAll()
    closeInput()
    let ended = process.hasEnded(within: limits.exitGrace)
    // Ends the runner (when it ignored the exit) and whatever it left behind, so the stdout read
    // below reaches its end and no child outlives the verifier.
    let status = process.reap(grace: 0)
    let extra = reader.leftovers(deadline: Deadline(after: min(limits.exitGrace, 0.5)))
    finishStreams()
    let fault: RunnerFault
    if extra.count > 0 {
      fault = .unreadLines(count: extra.count, preview: RunnerFault.preview(extra.first ?? []))
    } else if !ended {
      fault = .ignoredExit(seconds: limits.exitGrace)
    } else if status != .status(0) {
      fault = .failedAtExit(status)
    } else {
      return
    }
    throw RunnerStreamError(command: command, fault: fault)
  }

  func kill() {
    guard !finished else { return }
    closeInput()
    process.killGroup()
    _ = process.reap(grace: 0)
    finishStreams()
  }

  private func closeInput() {
    guard !inputClosed else { return }
    inputClosed = true
    closeDescriptor(process.input)
  }

  private func finishStreams() {
    guard !finished else { return }
    finished = true
    closeInput()
    _ = reader.fillAvailable()  // what the runner wrote before it went stays readable as buffered lines
    drain.finish()
    closeDescriptor(process.output)
  }

  deinit {
    kill()
  }
}

/// Ignores SIGPIPE in the verifier, once: writing to a runner that died must fail with EPIPE, not
/// kill the verifier (docs/protocol.md).
package enum IgnoreSIGPIPE {
  private static let done: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
  package static func once() { _ = done }
}

/// Why a runner could not be started: the fault, and the last lines of its stderr.
package struct RunnerStartError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The command that was started.
  package var command: String
  /// What went wrong.
  package var fault: RunnerFault
  /// The last lines the runner wrote to stderr.
  package var stderr: [String]

  package init(command: String, fault: RunnerFault, stderr: [String]) {
    self.command = command
    self.fault = fault
    self.stderr = stderr
  }

  package var description: String {
    var text: String
    switch fault {
    case .exited(let status): text = "runner exited (\(status)) before its handshake"
    case .timedOut(let seconds):
      text = "runner sent no handshake within \(RunnerFault.seconds(seconds)) (raise it with --timeout S)"
    default: text = fault.description
    }
    text = "could not start the runner \(command): " + text + "."
    if !stderr.isEmpty {
      text += "\n  runner stderr (last lines):\n" + stderr.map { "    | " + $0 }.joined(separator: "\n")
    }
    return text
  }
}
