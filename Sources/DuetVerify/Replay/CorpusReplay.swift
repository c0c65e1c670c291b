import Dispatch
import DuetRunner

/// Replays a selection of recordings across a runner pool and gathers one result per recording.
///
/// Each recording is loaded by the slot that replays it (streamed, never all held); recordings
/// lint already found unreadable are reported without occupying a runner. Several recordings'
/// requests are kept in flight on each runner (`pipelineDepth`), so a runner never waits for the
/// verifier to judge an answer or load the next file.
public struct CorpusReplay: Sendable {
  /// Where recordings are loaded from.
  public var store: FixtureStore
  /// The runner processes.
  public var pool: RunnerPool
  /// Requests in flight per runner (1 disables pipelining).
  public var pipelineDepth: Int

  /// The default pipelining depth: enough that the runner always has requests queued while the
  /// verifier judges a reply, or reads and checks the next recording (the longest pause, a few
  /// steps' worth of the runner's time for a large recording).
  public static let defaultPipelineDepth = 8

  public init(store: FixtureStore, pool: RunnerPool, pipelineDepth: Int = CorpusReplay.defaultPipelineDepth) {
    self.store = store
    self.pool = pool
    self.pipelineDepth = max(1, pipelineDepth)
  }

  /// What the replay produced.
  public struct Outcome: Sendable {
    /// Results in the order of the `fixtures` given.
    public var results: [FixtureResult]
    /// Runner start failures.
    public var startFailures: [RunnerStartError]
    /// Runners whose reply stream was out of step when closed (the results cannot be trusted).
    public var streamFailures: [RunnerStreamError] = []
    /// Slots used.
    public var runners: Int
    /// Wall time in milliseconds.
    public var durationMillis: Int
  }

  /// Replays `fixtures` (in manifest order), dispatching the biggest first.
  public func run(
    _ fixtures: [ListedFixture], knownUnreadable: [String: FixtureLoadError] = [:],
    onResult: @escaping @Sendable (FixtureResult) -> Void = { _ in }
  ) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    var byName: [String: FixtureResult] = [:]
    var replayable: [ListedFixture] = []
    for listed in fixtures {
      if let error = knownUnreadable[listed.name] {
        let result = Self.unreadable(listed, error: error, store: store)
        byName[listed.name] = result
        onResult(result)
      } else {
        replayable.append(listed)
      }
    }
    let store = self.store
    let ordered = FixtureSelection.dispatchOrder(replayable) { store.size(of: $0) }
    let run = pool.runPipelined(
      ordered, depth: pipelineDepth, timeout: pool.requestTimeout,
      prepare: { listed -> Prepared<ReplayConversation> in
        switch InspectedFixture.read(listed.name, from: store) {
        case .failure(let error): return .done(Self.unreadable(listed, error: error, store: store))
        case .success(let inspected):
          return .converse(ReplayConversation(plan: inspected.plan, owner: listed.owner, file: inspected.file))
        }
      },
      abandon: { conversation, _ in
        Self.notRun(conversation.plan.document.name, owner: conversation.owner, store: store)
      },
      onOutput: onResult)
    for result in run.outputs { byName[result.name] = result }
    return Outcome(
      results: fixtures.compactMap { byName[$0.name] }, startFailures: run.startFailures,
      streamFailures: run.streamFailures, runners: run.slots,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }

  static func unreadable(_ listed: ListedFixture, error: FixtureLoadError, store: FixtureStore) -> FixtureResult {
    FixtureResult(
      name: listed.name, kind: listed.isChain ? .chain : .leaf, feature: listed.owner, file: error.file,
      failure: FixtureFailure(reason: .unreadable, detail: error.description))
  }

  /// A recording no runner could be started for.
  static func notRun(_ name: String, owner: String?, store: FixtureStore) -> FixtureResult {
    FixtureResult(
      name: name, kind: owner == nil ? .chain : .leaf, feature: owner, file: store.displayPath(name),
      failure: FixtureFailure(
        reason: .notRun, detail: "not replayed: no runner could be started (see the runner error above)"))
  }
}
