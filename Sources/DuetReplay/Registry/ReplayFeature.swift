import DuetCore

/// One feature the runner can reduce: its name and its pure reducer, with the types erased.
///
/// The replay protocol is stateless and speaks JSON trees; the reducer speaks typed values. An
/// entry is the seam between the two: it decodes the request's trees straight into `State` and
/// `Action` with the strict canonical decoder, runs the reducer, and writes the new state and the
/// effects in compact canonical form, so the bytes a verifier compares come from one writer.
public struct ReplayFeature: Sendable {
  /// The feature's name on the wire (`"splash"`), unique within a registry.
  public let name: String
  let reduceTrees: @Sendable (JSONValue, JSONValue) throws(ReplayError) -> ReplayStep

  init(name: String, reduceTrees: @escaping @Sendable (JSONValue, JSONValue) throws(ReplayError) -> ReplayStep) {
    self.name = name
    self.reduceTrees = reduceTrees
  }

  /// A registry entry for a reducer, written the way an app's replay adapter reads:
  /// `ReplayFeature.entry("splash", SplashState.self, SplashAction.self) { state, action in … }`.
  ///
  /// The effect payload type is inferred from what the reducer returns.
  public static func entry<State: Codable & Sendable, Action: Codable & Sendable, Payload>(
    _ name: String, _ state: State.Type, _ action: Action.Type,
    reducer: @escaping @Sendable (inout State, Action) -> [Effect<Payload>]
  ) -> ReplayFeature {
    ReplayFeature(name: name) { stateTree, actionTree throws(ReplayError) in
      try TypedReduction.run(reducer, state: stateTree, action: actionTree)
    }
  }
}

/// What one `reduce` produced: the two byte-gate strings a response carries.
public struct ReplayStep: Equatable, Sendable {
  /// The new state in compact canonical form.
  public var state: String
  /// The effects, in emission order, in compact canonical form (`[]` when none).
  public var effects: String

  public init(state: String, effects: String) {
    self.state = state
    self.effects = effects
  }
}

/// Decode, reduce, encode: the typed middle of every `reduce` request.
enum TypedReduction {
  static func run<State: Codable, Action: Codable, Payload>(
    _ reducer: (inout State, Action) -> [Effect<Payload>], state stateTree: JSONValue, action actionTree: JSONValue
  ) throws(ReplayError) -> ReplayStep {
    let decoder = CanonicalDecoder()
    var state: State
    let action: Action
    do {
      state = try decoder.decode(State.self, from: stateTree, root: "state")
      action = try decoder.decode(Action.self, from: actionTree, root: "action")
    } catch {
      throw .undecodable(error)
    }
    let effects = reducer(&state, action)
    let encoder = CanonicalEncoder()
    do {
      return ReplayStep(
        state: try encoder.compact(state, root: "state"), effects: try encoder.compact(effects, root: "effects"))
    } catch {
      throw .unencodable(error)
    }
  }
}
