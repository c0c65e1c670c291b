import DuetPlatform

/// The keys of a recording step (docs/recording.md), in canonical order: the one list both readers use.
enum StepKey: String, CaseIterable {
  case action, expectedEffects, expectedState, label, line, linkToNext, node

  /// The key spelled by `bytes` (a canonical key, between its quotes), matched without making a
  /// string: by length, then the bytes; `nil` for a key the dialect does not define.
  init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
    let candidate: StepKey
    switch bytes.count {
    case 4: candidate = bytes.first == UInt8(ascii: "l") ? .line : .node
    case 5: candidate = .label
    case 6: candidate = .action
    case 10: candidate = .linkToNext
    case 13: candidate = .expectedState
    case 15: candidate = .expectedEffects
    default: return nil
    }
    guard let base = bytes.baseAddress, memcmp(base, candidate.spelling.utf8Start, bytes.count) == 0 else { return nil }
    self = candidate
  }

  /// The key's bytes, without an allocation.
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
