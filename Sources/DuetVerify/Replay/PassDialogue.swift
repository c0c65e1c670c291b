import DuetRunner

/// One selected recording's replay as `verify`'s pass drives it on a pool slot: the replay
/// conversation, and where its result goes once settled.
///
/// A class conforming to the pool's non-generic `PooledDialogue`, so each step of the pass is a
/// plain call into `ReplayConversation` (see `PooledDialogue` for the generic-metadata cost this
/// avoids).
final class PassDialogue: PooledDialogue {
  /// Unchecked for exclusive access: a dialogue is used by one slot thread at a time (see
  /// `PooledDialogue`), and the dynamic check cost two runtime calls per step.
  @exclusivity(unchecked) private var replay: ReplayConversation
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
    request(replay.start(handshake: handshake))
  }

  func take(_ reply: RunnerReply) throws(RunnerFault) -> RunnerRequest? {
    switch reply {
    case .reduceLine(let line): return request(try replay.answer(line: line))
    case .reduce(let answer): return request(replay.answer(answer))
    case .op: throw .notJSONObject(reason: .anotherOp, preview: "")
    }
  }

  func fail(_ fault: RunnerFault, stderr: [String]) {
    deliver(replay.fail(fault, stderr: stderr))
  }

  func abandon(_ error: RunnerStartError) {
    deliver(notRun())
  }

  private func request(_ move: ReplayConversation.Move) -> RunnerRequest? {
    switch move {
    case .reduce(let feature, let state, let action):
      return .reduceBytes(feature: feature, state: state, action: action)
    case .finish(let result):
      deliver(result)
      return nil
    }
  }
}
