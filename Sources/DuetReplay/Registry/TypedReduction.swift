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

  /// The same step read in place from a compact request (``CompactDecoding``), its reply line
  /// written into `writer` from the values' bytes; false, with nothing written, when the compact
  /// decoder missed or a result cannot be encoded: the caller then runs ``run`` on the request's
  /// trees, which answers with the value or the error it always did. One generic body, no helper
  /// returning `(State, Action)?`: each generic type made on the way is a runtime metadata look-up.
  static func runCompact<State: Codable, Action: Codable, Payload>(
    _ reducer: (inout State, Action) -> [Effect<Payload>], _ request: CompactRequest, into writer: ReplyWriter
  ) -> Bool {
    var state: State
    let action: Action
    do throws(CompactMiss) {
      state = try CompactDecoding.decoded(State.self, from: request.document, at: request.state)
      action = try CompactDecoding.decoded(Action.self, from: request.document, at: request.action)
    } catch {
      return false
    }
    let effects = reducer(&state, action)
    let mark = writer.beginReduced()
    // `count`, not `isEmpty`: the collection's `isEmpty` is reached through the array's metadata
    // and its `Collection` witness table, two runtime look-ups per request in this generic body.
    if effects.count == 0 {
      writer.appendNoEffects()
    } else if !writer.appendEncoded(effects) {
      writer.rollBack(to: mark)
      return false
    }
    writer.beginState()
    guard writer.appendEncoded(state) else {
      writer.rollBack(to: mark)
      return false
    }
    writer.endReduced()
    return true
  }
}
