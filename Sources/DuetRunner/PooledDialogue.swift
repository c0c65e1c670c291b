/// A job's dialogue as a pool slot drives it: an object that settles its own output (through
/// whatever sink its owner gave it), so the slot handles no generic value per step.
///
/// `RunnerPool.runPipelined(jobCount:…)` runs these directly: `verify`'s pass implements it on its
/// one conversation type, so each step is a plain protocol call. Generic dialogues
/// (`RunnerDialogue`, as `record` and the tests write them) are wrapped in one by
/// `runPipelined(_:…)`. Specialising the generic slot instead would need its code `public` and
/// `@inlinable` (a `package` `@inlinable` body is not specialised across modules in Swift 6.3):
/// unspecialised, every step asked the runtime for generic metadata (13 % of `verify`'s
/// instructions, docs/performance.md).
///
/// A dialogue object is used by one slot thread at a time; a dialogue sent back to the queue after
/// a runner loss is started again (`open`) by whichever slot takes it.
package protocol PooledDialogue: AnyObject {
  /// Starts (or restarts from scratch, on a fresh runner) against a runner that sent `handshake`:
  /// the first request, or `nil` when the dialogue has settled its output without one.
  func open(handshake: RunnerHandshake) -> RunnerRequest?
  /// Takes the answer to the request in flight: the next request, or `nil` once settled. Throws when
  /// the reply is not the shape its op gives (the runner stays in step); the slot then calls `fail`.
  func take(_ reply: RunnerReply) throws(RunnerFault) -> RunnerRequest?
  /// The runner failed while it owed this dialogue an answer: settle with `fault`.
  func fail(_ fault: RunnerFault, stderr: [String])
  /// No runner could be started at all: settle without one.
  func abandon(_ error: RunnerStartError)
}
