import DuetCore

/// A named pure reducer: the one definition scenarios, chain nodes and registry entries share.
///
/// A scenario is written against a feature, so its `Given`, `When` and `Then` are type-checked
/// against the feature's state and action types, and the reducer that records a fixture is the
/// same one the replay runner serves.
public struct Feature<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  /// The feature's name on the wire and in fixtures (`"counter"`).
  public let name: String
  /// The pure reducer: writes the new state and returns the effects, as data.
  public let reduce: @Sendable (inout State, Action) -> [Effect<Payload>]

  /// `Feature("counter", reducer: counterReducer)`.
  public init(_ name: String, reducer: @escaping @Sendable (inout State, Action) -> [Effect<Payload>]) {
    self.name = name
    self.reduce = reducer
  }
}
