import DuetCore
import DuetScenario

/// The effect id the ticker runs under: a second start replaces it, a cancel stops it.
public enum CounterEffectIDs {
  /// `counter.ticker`, as Duet's Swift core records it.
  public static let ticker: EffectID = "counter.ticker"
}

/// A count and whether the ticker is driving it.
public struct CounterState: Equatable, Codable, Sendable {
  /// The current count.
  public var count: Int
  /// Whether the ticker drives the count.
  public var isAutoIncrementing: Bool

  /// A counter at zero with the ticker off by default (the recordings' initial state).
  public init(count: Int = 0, isAutoIncrementing: Bool = false) {
    self.count = count
    self.isAutoIncrementing = isAutoIncrementing
  }
}

/// What can happen to a counter: two user taps, the auto-increment switch and the ticker's beat.
public enum CounterAction: Equatable, Sendable, CanonicalSumCodable {
  case increment
  case decrement
  /// The ticker's beat; counts only while auto-incrementing (a late beat must not count).
  case tick
  case toggleAutoIncrement
}

/// What the counter asks the outside world to do.
public enum CounterEffect: Equatable, Sendable, CanonicalSumCodable {
  /// Start a ticker that sends `.tick` periodically, under ``CounterEffectIDs/ticker``.
  case startTicker
}

/// The counter's pure reducer: guarded system action, an effect with an id, and its cancel.
///
/// Arithmetic wraps rather than traps, so a hostile state (`Int.max`) cannot crash the runner.
public func counterReducer(_ state: inout CounterState, _ action: CounterAction) -> [Effect<CounterEffect>] {
  switch action {
  case .increment:
    state.count &+= 1
    return []
  case .decrement:
    state.count &-= 1
    return []
  case .tick:
    guard state.isAutoIncrementing else { return [] }
    state.count &+= 1
    return []
  case .toggleAutoIncrement:
    state.isAutoIncrementing.toggle()
    return state.isAutoIncrementing
      ? [.run(.startTicker, id: CounterEffectIDs.ticker)] : [.cancel(id: CounterEffectIDs.ticker)]
  }
}

/// The counter as a named feature, shared by its scenarios and its registry entry.
public let counter = Feature("counter", reducer: counterReducer)
