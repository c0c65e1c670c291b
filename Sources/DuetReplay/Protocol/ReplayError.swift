import DuetCore

/// Why the runner refused one request; its description is the protocol's `{"error":…}` message.
///
/// The replay protocol fixes the wording of the common failures (`malformed request line`,
/// `unknown feature 'x'`, …) so a verifier can recognise them; the others are sentences that name
/// the JSON path or the scenario line at fault. An error fails one fixture, never the session.
public enum ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line is not JSON, not an object, or carries no string `op`.
  case malformedRequestLine
  /// A `reduce` request without a string `feature`, or without `state` or `action`.
  case reduceNeedsFeatureStateAction
  /// No registry entry serves this feature name.
  case unknownFeature(String)
  /// The `op` is not one this runner speaks.
  case unknownOp(String)
  /// The request's `state` or `action` does not decode into the feature's types.
  case undecodable(CanonicalCodingError)
  /// The reducer's new state or effects cannot be written in the canonical dialect.
  case unencodable(CanonicalCodingError)
  /// A `scenarios` request names neither a feature nor a chain.
  case scenariosNeedsFeatureOrChain
  /// No registered chain scenario has this name.
  case unknownChain(String)
  /// A scenario failed to compile (a failing Then, an authoring mistake); the text names label and line.
  case scenarioFailed(String)
  /// The request line is longer than the runner accepts.
  case requestLineTooLong(limit: Int)

  /// The exact message the `{"error":…}` reply carries.
  public var description: String {
    switch self {
    case .malformedRequestLine: return "malformed request line"
    case .reduceNeedsFeatureStateAction: return "reduce needs feature/state/action"
    case .unknownFeature(let name): return "unknown feature '\(name)'"
    case .unknownOp(let op): return "unknown op '\(op)'"
    case .undecodable(let error): return error.description
    case .unencodable(let error):
      return "the reducer's result cannot be written as canonical JSON: \(error.description)"
    case .scenariosNeedsFeatureOrChain: return "scenarios needs a feature or a chain"
    case .unknownChain(let name): return "unknown chain '\(name)'"
    case .scenarioFailed(let message): return message
    case .requestLineTooLong(let limit):
      return "request line longer than \(limit) bytes; the runner skipped it"
    }
  }
}
