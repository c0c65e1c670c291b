import DuetPlatform

/// The top-level keys of docs/recording.md, in canonical order (`chain` is the chain's bare name,
/// written by Duet's recorders): the one list both readers use.
enum DocumentKey: String, CaseIterable {
  case chain, description, dialect, feature, initialState, initialStates, scenario, steps

  /// The key spelled by `bytes` (a canonical key, between its quotes), matched without making a
  /// string; `nil` for a key the dialect does not define.
  init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return nil }
    for key in Self.allCases {
      let spelling = key.spelling
      if spelling.utf8CodeUnitCount == bytes.count, memcmp(base, spelling.utf8Start, bytes.count) == 0 {
        self = key
        return
      }
    }
    return nil
  }

  /// The key's bytes, without an allocation.
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
