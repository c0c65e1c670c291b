import DuetCore
import DuetTelemetry

/// One reducer step as a value, so a test reads `let (state, effects) = step(...)`.
func step<State, Action, Payload>(
  _ reducer: (inout State, Action) -> [Effect<Payload>], from state: State, _ action: Action
) -> (state: State, effects: [Effect<Payload>]) {
  var next = state
  let effects = reducer(&next, action)
  return (next, effects)
}

/// Several steps in a row; the effects are the last step's.
func steps<State, Action, Payload>(
  _ reducer: (inout State, Action) -> [Effect<Payload>], from state: State, _ actions: [Action]
) -> (state: State, effects: [Effect<Payload>]) {
  var next = state
  var effects: [Effect<Payload>] = []
  for action in actions { effects = reducer(&next, action) }
  return (next, effects)
}

/// The compact canonical form of a value, as a recording would carry it.
func canonical<T: Encodable>(_ value: T) throws -> String {
  try CanonicalEncoder().compact(value)
}

/// The events a step's effects track, read the way the taxonomy gate reads a recording: every
/// `run` effect whose payload is `{"case":"track","value":{"event":…}}`, in emission order.
func trackedEvents<Payload>(_ effects: [Effect<Payload>]) throws -> [TrackedEvent] {
  let tree = try CanonicalEncoder().encode(effects, root: "effects")
  return try (tree.arrayValue ?? []).compactMap { effect in
    guard let payload = effect["payload"], payload["case"]?.stringValue == "track",
      let event = payload["value"]?["event"]
    else { return nil }
    return try CanonicalDecoder().decode(TrackedEvent.self, from: event, root: "event")
  }
}

/// The encoded names of the events a step's effects track (`Session Signed In`).
func trackedNames<Payload>(_ effects: [Effect<Payload>]) throws -> [String] {
  try trackedEvents(effects).map { $0.encodedName() }
}
