import DuetCore

/// Decode, reduce, encode: the typed middle of every `reduce` request.
///
/// The request's trees go straight into the feature's types through the strict canonical decoder
/// (no re-serialising), and the results come out of the one canonical writer the fixtures use.
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
      // Most steps emit nothing; `[]` needs no encoder.
      let effectsText = effects.isEmpty ? "[]" : try encoder.compact(effects, root: "effects")
      return ReplayStep(state: try encoder.compact(state, root: "state"), effects: effectsText)
    } catch {
      throw .unencodable(error)
    }
  }

  /// The same step read in place from a compact request (``CompactDecoding``), or nil when the
  /// compact decoder missed or the result cannot be encoded: the caller then runs ``run`` on the
  /// request's trees, which answers with the value or the error it always did.
  static func runCompact<State: Codable, Action: Codable, Payload>(
    _ reducer: (inout State, Action) -> [Effect<Payload>], _ request: CompactRequest
  ) -> ReplayStep? {
    guard
      var state = CompactDecoding.decode(State.self, from: request.document, at: request.state, root: "state"),
      let action = CompactDecoding.decode(Action.self, from: request.document, at: request.action, root: "action")
    else { return nil }
    let effects = reducer(&state, action)
    let encoder = CanonicalEncoder()
    guard let stateText = try? encoder.compact(state, root: "state") else { return nil }
    if effects.isEmpty { return ReplayStep(state: stateText, effects: "[]") }
    guard let effectsText = try? encoder.compact(effects, root: "effects") else { return nil }
    return ReplayStep(state: stateText, effects: effectsText)
  }
}
