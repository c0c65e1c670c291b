import DuetCore
import DuetRunner

/// Replays one recording through a runner connection, one request at a time (fixtures.md,
/// "Replay semantics").
///
/// Seeds from `initialState` (leaf) or one slot per node from `initialStates` (chain), sends one
/// `reduce` per step, byte-compares, threads the runner's *actual* state forward, checks a chain's
/// `linkToNext` promise on the data itself, and stops at the first failure (later steps would
/// replay against poisoned state). The logic is `ReplayConversation`'s; this is its synchronous
/// loop, for callers holding one document and one connection.
public struct FixtureReplayer: Sendable {
  public init() {}

  /// The outcome of one replay; `runnerLost` tells the pool to discard the connection.
  public struct Outcome: Sendable {
    /// The recording's result.
    public var result: FixtureResult
    /// True when the runner can no longer be trusted (crash, hang, oversized line).
    public var runnerLost: Bool
  }

  /// Replays `document`, owned by `owner` (the leaf's feature in the manifest), from `file`.
  public func replay(
    _ document: FixtureDocument, owner: String?, file: String, on connection: any RunnerConnection
  ) -> Outcome {
    replay(ReplayPlan(document: document), owner: owner, file: file, on: connection)
  }

  func replay(_ plan: ReplayPlan, owner: String?, file: String, on connection: any RunnerConnection) -> Outcome {
    var conversation = ReplayConversation(plan: plan, owner: owner, file: file)
    var move = conversation.begin(handshake: connection.handshake)
    while true {
      switch move {
      case .finish(let result): return Outcome(result: result, runnerLost: false)
      case .reduce(let feature, let state, let action):
        do {
          move = conversation.receive(try connection.reduce(feature: feature, state: state, action: action))
        } catch {
          return Outcome(
            result: conversation.fail(error, stderr: connection.stderrTail()), runnerLost: error.losesRunner)
        }
      }
    }
  }
}
