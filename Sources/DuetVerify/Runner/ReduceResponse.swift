import DuetCore

/// Reads a `reduce` response line: `{"effects":…,"state":…}` or `{"error":…}`.
///
/// Envelopes are ordinary JSON (parsed, never byte-compared: a Duet Swift runner escapes `/`); only
/// the `state` and `effects` strings inside are byte-gate objects.
enum ReduceResponse {
  static func parse(_ line: [UInt8]) throws(RunnerFault) -> ReduceReply {
    let preview = RunnerFault.preview(line)
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(line)
    } catch {
      throw .notJSONObject(reason: "\(error.message) at column \(error.column)", preview: preview)
    }
    guard case .object(let members) = tree else {
      throw .notJSONObject(reason: "it is \(tree.kindName)", preview: preview)
    }
    if let error = members["error"] {
      return .refused(error.stringValue ?? FirstDivergence.render(error))
    }
    guard case .string(let state)? = members["state"] else { throw .missingField("state", preview: preview) }
    guard case .string(let effects)? = members["effects"] else { throw .missingField("effects", preview: preview) }
    return .answer(state: state, effects: effects)
  }
}
