import DuetCore

/// The tiny-state benchmark feature: a counter (two fields), so the benchmark can weigh the
/// verifier's fixed cost per step against a runner whose own work per step is as small as it gets.
public struct TallyState: Codable, Equatable, Sendable {
  public var count: Int
  public var isAutoIncrementing: Bool
}

/// What can happen to a tally: the counter's taps, its ticker's beat and its switch.
public enum TallyAction: Equatable, Sendable, CanonicalSumCodable {
  case increment
  case decrement
  case tick
  case toggleAutoIncrement
}

/// What the tally asks of the outside world: a ticker, started and cancelled under one id.
public enum TallyEffect: Equatable, Sendable, CanonicalSumCodable {
  case startTicker
}

/// The tally's pure reducer; only the switch emits an effect, as in a real counter.
public func tallyReducer(state: inout TallyState, action: TallyAction) -> [Effect<TallyEffect>] {
  switch action {
  case .increment:
    state.count &+= 1
    return []
  case .decrement:
    state.count &-= 1
    return []
  case .tick:
    if state.isAutoIncrementing { state.count &+= 1 }
    return []
  case .toggleAutoIncrement:
    state.isAutoIncrementing.toggle()
    return state.isAutoIncrementing ? [.run(.startTicker, id: "tally.ticker")] : [.cancel(id: "tally.ticker")]
  }
}
