import DuetCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A runner process speaking replay protocol v1 over its standard streams.
///
/// One request is in flight at a time (the protocol answers in order, one line per request). Every
/// wait has a deadline, stdout lines are capped, stderr is drained on its own thread, and the
/// process is always reaped, so no runner behaviour can hang, crash or leak the verifier.
/// Sending and receiving are separate steps so a later benchmark can pipeline requests.
final class ProcessRunnerConnection: RunnerConnection, @unchecked Sendable {
  let handshake: RunnerHandshake
  private let process: SpawnedProcess
  private var reader: LineReader
  private let drain: StderrDrain
  private let limits: RunnerLimits
  private var finished = false
  private var inputClosed = false

  private init(
    process: SpawnedProcess, reader: LineReader, drain: StderrDrain, limits: RunnerLimits, handshake: RunnerHandshake
  ) {
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
      throw RunnerStartError(command: command.display, fault: .cannotStart(error.message), stderr: [])
    }
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
          process: process, reader: reader, drain: drain, limits: limits, handshake: handshake)
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
    }
  }

  func reduce(feature: String, state: String, action: String) throws(RunnerFault) -> ReduceReply {
    let deadline = Deadline(after: limits.timeout)
    let request =
      "{\"action\":\(action),\"feature\":\(CanonicalWriter.quoted(feature)),\"op\":\"reduce\",\"state\":\(state)}\n"
    try send(Array(request.utf8), deadline: deadline)
    return try ReduceResponse.parse(try receive(deadline: deadline))
  }

  /// Writes one request line, bounded by `deadline`.
  func send(_ bytes: [UInt8], deadline: Deadline) throws(RunnerFault) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(process.input, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
        continue
      }
      if written < 0, errno == EINTR { continue }
      if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var descriptor = pollfd(fd: process.input, events: Int16(POLLOUT), revents: 0)
        if poll(&descriptor, 1, deadline.remainingMilliseconds) == 0 {
          throw lose(.timedOut(seconds: limits.timeout))
        }
        continue
      }
      throw lose(exitFault(orElse: .closedInput))  // EPIPE: the runner is gone or stopped reading
    }
  }

  /// Reads one response line, bounded by `deadline`.
  func receive(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    switch reader.next(deadline: deadline) {
    case .line(let line): return line
    case .endOfFile: throw lose(exitFault())
    case .timedOut: throw lose(.timedOut(seconds: limits.timeout))
    case .tooLong: throw lose(.lineTooLong(limit: limits.lineLimit))
    }
  }

  /// A stream to the runner ended: how the runner ended, or `fallback` (after killing it) when it
  /// is still running.
  private func exitFault(orElse fallback: RunnerFault = .closedOutput) -> RunnerFault {
    // A crashing runner is gone within milliseconds of its stdout closing; one that merely closed
    // stdout is killed after at most half a second.
    let deadline = Deadline(after: min(limits.exitGrace, 0.5))
    var status: Int32 = 0
    while !deadline.hasPassed {
      let result = waitpid(process.pid, &status, WNOHANG)
      if result == process.pid {
        LiveChildren.shared.remove(process.pid)
        finishStreams()
        return .exited(ExitStatus(waitStatus: status))
      }
      if result < 0, errno != EINTR { break }
      usleep(1_000)
    }
    kill()
    return fallback
  }

  private func lose(_ fault: RunnerFault) -> RunnerFault {
    if !finished { kill() }
    return fault
  }

  func stderrTail() -> [String] { drain.lastLines() }

  func close() {
    guard !finished else { return }
    let exit = Array("{\"op\":\"exit\"}\n".utf8)
    _ = exit.withUnsafeBytes { write(process.input, $0.baseAddress, $0.count) }
    closeInput()
    _ = process.reap(grace: limits.exitGrace)
    finishStreams()
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
    drain.finish()
    closeDescriptor(process.output)
  }

  deinit {
    kill()
  }
}

/// Ignores SIGPIPE in the verifier, once: writing to a runner that died must fail with EPIPE, not
/// kill the verifier (replay-protocol.md).
enum IgnoreSIGPIPE {
  private static let done: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
  static func once() { _ = done }
}

/// Why a runner could not be started: the fault, and the last lines of its stderr.
public struct RunnerStartError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The command that was started.
  public var command: String
  /// What went wrong.
  public var fault: RunnerFault
  /// The last lines the runner wrote to stderr.
  public var stderr: [String]

  public init(command: String, fault: RunnerFault, stderr: [String]) {
    self.command = command
    self.fault = fault
    self.stderr = stderr
  }

  public var description: String {
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
