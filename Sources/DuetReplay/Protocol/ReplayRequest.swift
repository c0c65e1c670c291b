import DuetCore

/// One request line, understood: which op, with the fields it needs.
///
/// Extra keys are ignored so a newer verifier can add fields without breaking this runner; a
/// missing or mistyped required field is the op's own protocol error.
enum ReplayRequest: Equatable {
  case reduce(feature: String, state: JSONValue, action: JSONValue)
  case scenarios(ScenarioTarget)
  case exit

  /// What a `scenarios` request asks to compile.
  enum ScenarioTarget: Equatable {
    case feature(String)
    case chain(String)
  }

  /// Reads a request line; the error is the exact protocol message to send back.
  static func parse(_ line: some Collection<UInt8>) throws(ReplayError) -> ReplayRequest {
    // The members in source order, unhashed: a line is read once, for three or four fields.
    guard let list = try? JSONParser().parseMembers(line) else { throw .malformedRequestLine }
    let members = RequestMembers(list)
    guard case .string(let op)? = members["op"] else { throw .malformedRequestLine }
    switch op {
    case "reduce":
      guard case .string(let feature)? = members["feature"], let state = members["state"],
        let action = members["action"]
      else { throw .reduceNeedsFeatureStateAction }
      return .reduce(feature: feature, state: state, action: action)
    case "exit":
      return .exit
    case "scenarios":
      if case .string(let feature)? = members["feature"] { return .scenarios(.feature(feature)) }
      if case .string(let chain)? = members["chain"] { return .scenarios(.chain(chain)) }
      throw .scenariosNeedsFeatureOrChain
    default:
      throw .unknownOp(op)
    }
  }
}
