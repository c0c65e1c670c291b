import DuetCore

/// One live conversation with a runner: the seam between replay logic and processes.
///
/// Replay talks only to this protocol, so unit tests drive the replay logic with an in-memory fake
/// below the process boundary, and a Kotlin or Duet runner is just another process behind it.
package protocol RunnerConnection: AnyObject {
  /// What the runner announced.
  var handshake: RunnerHandshake { get }
  /// Sends one `reduce` request (state and action as compact UTF-8 JSON bytes) and waits for its
  /// reply line (one request in flight at a time), which `ReduceResponse.parse` reads.
  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8]
  /// Sends one request line of another op (`scenarios`; newline included) and waits for its reply
  /// line, which may be as long as the bulk cap. Answered as a v1 runner that does not speak the op
  /// would, by connections that only know `reduce`.
  func ask(_ line: [UInt8]) throws(RunnerFault) -> [UInt8]
  /// The last lines the runner wrote to stderr, for reports.
  func stderrTail() -> [String]
  /// Ends the conversation: `{"op":"exit"}`, then read the runner's output to its end and reap it
  /// (kill after a grace period), ending any process it left behind. Throws when the stream was not
  /// in step (lines left unread) or the runner did not exit with status 0: the run cannot be trusted.
  func close() throws(RunnerStreamError)
  /// Ends the conversation at once (the runner is hung or out of sync).
  func kill()
}

extension RunnerConnection {
  /// `{"error":"unknown op"}`: what a runner answers an op it does not speak.
  package func ask(_ line: [UInt8]) throws(RunnerFault) -> [UInt8] { Array(#"{"error":"unknown op"}"#.utf8) }
}

/// A runner's answer to `reduce`, read from its line (`ReduceResponse.parse`).
package enum ReduceReply: Equatable, Sendable {
  /// The compact canonical state and effects strings (the byte-gate objects).
  case answer(state: String, effects: String)
  /// `{"error": …}`: this fixture fails, the runner stays.
  case refused(String)
}

/// Starts runner conversations; the pool asks for a fresh one whenever a runner is lost.
package protocol RunnerLauncher: Sendable {
  /// A new conversation whose handshake has been validated.
  func launch() throws(RunnerStartError) -> any RunnerConnection
  /// Seconds each request may take (pipelined slots time requests themselves).
  var requestTimeout: Double { get }
}

extension RunnerLauncher {
  /// The default `--timeout`.
  package var requestTimeout: Double { RunnerLimits.defaultTimeout }
}
