/// A job's side of talking to a runner: the one shape every job has, whatever its op (`verify`'s
/// and `explain`'s replays, `record`'s `scenarios` requests, the tests' scripted jobs).
///
/// A job asks for one request at a time and judges each reply line, never waiting itself, so a
/// pool slot can keep several jobs' requests in flight on one runner and hand each response line
/// to the oldest unanswered request's job (`RunnerPool.runPipelined`); `RunnerPool.run(_:on:)`
/// drives one job on one connection with the same calls.
///
/// A job is an object that settles its own output (through whatever sink its owner gave it), so
/// the slot handles no generic value per step: a generic slot asked the runtime for generic
/// metadata at every step (13 % of `verify`'s instructions, docs/performance.md). A job is used by
/// one slot thread at a time; a job sent back to the queue after a runner loss is started again
/// (`open`) by whichever slot takes it.
package protocol RunnerJob: AnyObject {
  /// Starts (or restarts from scratch, on a fresh runner) against a runner that sent `handshake`:
  /// the first request, or `nil` when the job has settled its output without one.
  func open(handshake: RunnerHandshake) -> RunnerRequest?
  /// Takes the reply line (not blank) to the request in flight: the next request, or `nil` once
  /// settled. Throws when the line is not the shape its op gives (one line answered one request,
  /// so the runner stays in step and is kept); the caller then calls `fail`.
  func take(_ reply: [UInt8]) throws(RunnerFault) -> RunnerRequest?
  /// The runner failed while it owed this job an answer: settle with `fault`.
  func fail(_ fault: RunnerFault, stderr: [String])
  /// No runner could be started at all: settle without one.
  func abandon(_ error: RunnerStartError)
}
