/// Everything that can go wrong talking to a runner process; `description` is the one place each
/// becomes a sentence.
///
/// The replay-protocol spec lists what the verifier must survive; each case is one of those, and
/// `losesRunner` says whether the process can still be trusted (a wrong answer keeps it; a hang,
/// a crash or an oversized line means a fresh runner serves the rest).
package enum RunnerFault: Error, Equatable, Sendable, CustomStringConvertible {
  /// The process could not be started at all.
  case cannotStart(SpawnFailure)
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
  case notJSONObject(reason: NotAnObject, preview: String)
  /// A response without the `state`/`effects` strings.
  case missingField(String, preview: String)
  /// The handshake is not a duet-replay v1 handshake.
  case refusedHandshake(HandshakeRefusal, sent: String)
  /// An empty line where a reply was due (a protocol error, never skipped: the stream may be out
  /// of step).
  case blankLine
  /// After `{"op":"exit"}`, lines no request asked for were left on its standard output (a
  /// duplicated or stray reply): replies are paired with requests by position, so some were paired
  /// wrongly.
  case unreadLines(count: Int, preview: String)
  /// After `{"op":"exit"}` it ended with a non-zero status or by a signal.
  case failedAtExit(ExitStatus)
  /// After `{"op":"exit"}` it did not end within the grace period (it was killed).
  case ignoredExit(seconds: Double)
  /// A request would have spanned several lines (text to be threaded into it holds a line break),
  /// so it was not sent.
  case requestNotOneLine

  /// True when the process must be discarded and a fresh one started for the next fixture.
  package var losesRunner: Bool {
    switch self {
    case .notJSONObject, .missingField, .requestNotOneLine: return false
    default: return true
    }
  }

  package var description: String {
    switch self {
    case .cannotStart(let failure): return "the runner could not be started: \(failure)"
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
    case .blankLine:
      return "runner sent a blank line where a reply was due (a protocol error: every request gets exactly one "
        + "non-empty reply line, and diagnostics go to stderr)"
    case .unreadLines(let count, let preview):
      return "runner sent \(count) more \(count == 1 ? "line" : "lines") than it was asked for (a duplicated or stray "
        + "reply, left unread after {\"op\":\"exit\"}), so replies were paired with the wrong requests and this run's "
        + "results cannot be trusted. The first extra line: \(preview)"
    case .failedAtExit(let status):
      return "runner exited (\(status)) after {\"op\":\"exit\"}; it must exit with status 0"
    case .ignoredExit(let seconds):
      return "runner was still running \(Self.seconds(seconds)) after {\"op\":\"exit\"} and was killed; it must exit "
        + "with status 0 when asked"
    case .requestNotOneLine:
      return "a request would have spanned several lines (the text threaded into it holds a line break), so it was "
        + "not sent"
    }
  }

  /// Why a line is not the JSON object a reply must be.
  package enum NotAnObject: Equatable, Sendable, CustomStringConvertible {
    /// It does not parse: the parser's sentence and the 1-based column.
    case notJSON(message: String, column: Int)
    /// It parses as another kind of value (`kindName`: "an array", "a string"…).
    case otherKind(String)

    package var description: String {
      switch self {
      case .notJSON(let message, let column): return "\(message) at column \(column)"
      case .otherKind(let kind): return "it is \(kind)"
      }
    }
  }

  package static func seconds(_ value: Double) -> String {
    if value == value.rounded() { return "\(Int(value))s" }
    return "\(value)s"
  }

  /// The first 200 characters of a line, for messages.
  package static func preview(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    return bytes.count > 200 ? text + "…" : text
  }
}
