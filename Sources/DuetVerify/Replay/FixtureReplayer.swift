import DuetRunner

/// Replays one recording through a runner connection, one request at a time (docs/recording.md,
/// "Replay semantics"): the synchronous face of `ReplayConversation`, the one replay loop, for
/// callers holding one document and one connection.
struct FixtureReplayer: Sendable {
  init() {}

  /// The outcome of one replay; `runnerLost` tells the pool to discard the connection.
  struct Outcome: Sendable {
    /// The recording's result.
    var result: FixtureResult
    /// True when the runner can no longer be trusted (crash, hang, oversized line).
    var runnerLost: Bool
  }

  /// Replays `document`, owned by `owner` (the leaf's feature in the manifest).
  func replay(_ document: FixtureDocument, owner: String?, on connection: any RunnerConnection) -> Outcome {
    var conversation = ReplayConversation(document: document, owner: owner)
    let replayed = conversation.replay(on: connection)
    return Outcome(result: replayed.result, runnerLost: replayed.runnerLost)
  }
}
