import DuetCore

/// The part of a recording that the drift gate compares: the seed(s) and, per step, the node, the
/// action and the expectations. Everything else is metadata and may churn.
///
/// Projecting both sides and diffing the projections gives the first divergent *behavioural* path,
/// with the same walk (canonical key order, arrays by index) `verify` uses for its reports.
enum BehaviouralProjection {
  /// Top-level behavioural fields (leaf and chain).
  static let documentKeys: Set<String> = ["initialState", "initialStates", "steps"]
  /// Per-step behavioural fields; `label`, `line` and `linkToNext` are metadata.
  static let stepKeys: Set<String> = ["node", "action", "expectedState", "expectedEffects"]

  /// `document` with its metadata removed. A value of an unexpected shape is kept whole, so a
  /// malformed side still diverges from a well-formed one.
  static func of(_ document: JSONValue) -> JSONValue {
    guard case .object(let members) = document else { return document }
    var kept = members.filter { documentKeys.contains($0.key) }
    if case .array(let steps)? = members["steps"] {
      kept["steps"] = .array(
        steps.map { step in
          guard case .object(let fields) = step else { return step }
          return .object(fields.filter { stepKeys.contains($0.key) })
        })
    }
    return .object(kept)
  }
}
