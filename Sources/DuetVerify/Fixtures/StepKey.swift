/// The keys of a recording step (docs/recording.md), in canonical order: the one list both readers use.
enum StepKey: String, CanonicalKey {
  case action, expectedEffects, expectedState, label, line, linkToNext, node

  static var first: StepKey { .action }

  var next: StepKey? {
    switch self {
    case .action: return .expectedEffects
    case .expectedEffects: return .expectedState
    case .expectedState: return .label
    case .label: return .line
    case .line: return .linkToNext
    case .linkToNext: return .node
    case .node: return nil
    }
  }

  var spelling: StaticString {
    switch self {
    case .action: return "action"
    case .expectedEffects: return "expectedEffects"
    case .expectedState: return "expectedState"
    case .label: return "label"
    case .line: return "line"
    case .linkToNext: return "linkToNext"
    case .node: return "node"
    }
  }
}
