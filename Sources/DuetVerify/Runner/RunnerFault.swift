/// Everything that can go wrong talking to a runner process, as a sentence.
///
/// The replay-protocol spec lists what the verifier must survive; each case is one of those, and
/// `losesRunner` says whether the process can still be trusted (a wrong answer keeps it; a hang,
/// a crash or an oversized line means a fresh runner serves the rest).
public enum RunnerFault: Error, Equatable, Sendable, CustomStringConvertible {
  /// The process could not be started at all.
  case cannotStart(String)
  /// It ended (before the handshake or mid-request).
  case exited(ExitStatus)
  /// It closed its standard output but kept running (it was killed).
  case closedOutput
  /// It stopped reading requests (a broken pipe) but kept running (it was killed).
  case closedInput
  /// No answer within the per-request timeout.
  case timedOut(seconds: Double)
  /// A line longer than the cap.
  case lineTooLong(limit: Int)
  /// A line that is not a JSON object (not JSON, not UTF-8, or another kind of value).
  case notJSONObject(reason: String, preview: String)
  /// A response without the `state`/`effects` strings.
  case missingField(String, preview: String)
  /// The handshake is not a duet-replay v1 handshake.
  case refusedHandshake(reason: String, sent: String)

  /// True when the process must be discarded and a fresh one started for the next fixture.
  public var losesRunner: Bool {
    switch self {
    case .notJSONObject, .missingField: return false
    default: return true
    }
  }

  public var description: String {
    switch self {
    case .cannotStart(let message): return "the runner could not be started: \(message)"
    case .exited(let status): return "runner exited (\(status))"
    case .closedOutput: return "runner closed its standard output"
    case .closedInput: return "runner stopped reading its standard input (broken pipe)"
    case .timedOut(let seconds):
      return "runner did not answer within \(Self.seconds(seconds)) (raise it with --timeout S)"
    case .lineTooLong(let limit):
      return "runner sent a line longer than \(limit >> 20) MiB, far larger than any sane response"
    case .notJSONObject(let reason, let preview):
      return "runner sent a line that is not a JSON object (\(reason)): \(preview)"
    case .missingField(let field, let preview):
      return "runner's response has no '\(field)' string: \(preview)"
    case .refusedHandshake(let reason, let sent):
      return "runner refused: \(reason). It sent: \(sent)"
    }
  }

  static func seconds(_ value: Double) -> String {
    if value == value.rounded() { return "\(Int(value))s" }
    return "\(value)s"
  }

  /// The first 200 characters of a line, for messages.
  static func preview(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    return bytes.count > 200 ? text + "…" : text
  }
}
