import Dispatch

/// Replays a selection of recordings across a runner pool and gathers one result per recording.
///
/// Each recording is loaded by the worker that replays it (streamed, never all held); recordings
/// lint already found unreadable are reported without occupying a runner.
public struct CorpusReplay: Sendable {
  /// Where recordings are loaded from.
  public var store: FixtureStore
  /// The runner processes.
  public var pool: RunnerPool

  public init(store: FixtureStore, pool: RunnerPool) {
    self.store = store
    self.pool = pool
  }

  /// What the replay produced.
  public struct Outcome: Sendable {
    /// Results in the order of the `fixtures` given.
    public var results: [FixtureResult]
    /// Runner start failures.
    public var startFailures: [RunnerStartError]
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
    let replayer = FixtureReplayer()
    let ordered = FixtureSelection.dispatchOrder(replayable) { store.size(of: $0) }
    let run = pool.run(
      ordered,
      work: { listed, connection in
        switch store.load(listed.name) {
        case .failure(let error): return (Self.unreadable(listed, error: error, store: store), false)
        case .success(let loaded):
          let outcome = replayer.replay(loaded.document, owner: listed.owner, file: loaded.file, on: connection)
          return (outcome.result, outcome.runnerLost)
        }
      },
      unavailable: { listed, _ in
        FixtureResult(
          name: listed.name, kind: listed.isChain ? .chain : .leaf, feature: listed.owner,
          file: store.displayPath(listed.name),
          failure: FixtureFailure(
            reason: .notRun, detail: "not replayed: no runner could be started (see the runner error above)"))
      },
      onOutput: onResult)
    for result in run.outputs { byName[result.name] = result }
    return Outcome(
      results: fixtures.compactMap { byName[$0.name] }, startFailures: run.startFailures, runners: run.slots,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }

  static func unreadable(_ listed: ListedFixture, error: FixtureLoadError, store: FixtureStore) -> FixtureResult {
    FixtureResult(
      name: listed.name, kind: listed.isChain ? .chain : .leaf, feature: listed.owner, file: error.file,
      failure: FixtureFailure(reason: .unreadable, detail: error.description))
  }
}
