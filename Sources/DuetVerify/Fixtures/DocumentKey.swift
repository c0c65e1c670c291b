/// The top-level keys of docs/recording.md, in canonical order (`chain` is the chain's bare name,
/// written by Duet's recorders): the one list both readers use.
enum DocumentKey: String, CanonicalKey {
  case chain, description, dialect, feature, initialState, initialStates, scenario, steps

  static var first: DocumentKey { .chain }

  var next: DocumentKey? {
    switch self {
    case .chain: return .description
    case .description: return .dialect
    case .dialect: return .feature
    case .feature: return .initialState
    case .initialState: return .initialStates
    case .initialStates: return .scenario
    case .scenario: return .steps
    case .steps: return nil
    }
  }

  var spelling: StaticString {
    switch self {
    case .chain: return "chain"
    case .description: return "description"
    case .dialect: return "dialect"
    case .feature: return "feature"
    case .initialState: return "initialState"
    case .initialStates: return "initialStates"
    case .scenario: return "scenario"
    case .steps: return "steps"
    }
  }
}
