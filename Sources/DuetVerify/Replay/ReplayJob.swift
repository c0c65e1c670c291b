import DuetRunner

/// One recording's replay as a runner job (`verify`'s pass, `explain`, the replay tests): the
/// replay conversation, and where its result goes once settled.
///
/// A class conforming to the pool's non-generic `RunnerJob`, so each step of the pass is a plain
/// call into `ReplayConversation` (see `RunnerJob` for the generic-metadata cost this avoids).
final class ReplayJob: RunnerJob {
  /// The replay, readable once settled (`explain` reads its explanation). Unchecked for exclusive
  /// access: a job is driven by one slot thread at a time (`RunnerJob`), and the dynamic check of
  /// this class property cost two runtime calls and a thread-local look-up on every reply
  /// (docs/performance.md).
  @exclusivity(unchecked) private(set) var replay: ReplayConversation
  /// Takes the settled result (reports it and keeps it for the final report).
  private let deliver: @Sendable (FixtureResult) -> Void
  /// The result when no runner could be started.
  private let notRun: @Sendable () -> FixtureResult

  init(
    _ replay: ReplayConversation, deliver: @escaping @Sendable (FixtureResult) -> Void,
    notRun: @escaping @Sendable () -> FixtureResult
  ) {
    self.replay = replay
    self.deliver = deliver
    self.notRun = notRun
  }

  func open(handshake: RunnerHandshake) -> RunnerRequest? {
    settling(replay.start(handshake: handshake))
  }

  func take(_ reply: [UInt8]) throws(RunnerFault) -> RunnerRequest? {
    settling(try replay.answer(line: reply))
  }

  func fail(_ fault: RunnerFault, stderr: [String]) {
    replay.fail(fault, stderr: stderr)
    deliver(replay.result)
  }

  func abandon(_ error: RunnerStartError) {
    deliver(notRun())
  }

  /// Passes `next` on; without one, the replay has settled and its result goes out.
  private func settling(_ next: consuming RunnerRequest?) -> RunnerRequest? {
    guard let request = consume next else {
      deliver(replay.result)
      return nil
    }
    return request
  }
}
