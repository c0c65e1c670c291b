import DuetReplay

/// The benchmark features as a replay registry: served by `bench-runner`, and driven in-process by
/// `duet-bench limit`, so the limit and the protocol lane run exactly the same decode/reduce/encode.
public let benchRegistry = ReplayRegistry([
  ReplayFeature.entry("bench", BenchState.self, BenchAction.self) { state, action in
    benchReducer(state: &state, action: action)
  },
  ReplayFeature.entry("tally", TallyState.self, TallyAction.self) { state, action in
    tallyReducer(state: &state, action: action)
  },
])
