#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The top-level keys of docs/recording.md, in canonical order (`chain` is the chain's bare name,
/// written by Duet's recorders): the one list both readers use.
enum DocumentKey: String, CaseIterable {
  case chain, description, dialect, feature, initialState, initialStates, scenario, steps

  /// The key spelled by `bytes` (a canonical key, between its quotes), matched without making a
  /// string: by length (and first byte), then the bytes; `nil` for a key the dialect does not define.
  init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
    let candidate: DocumentKey
    switch bytes.count {
    case 5: candidate = bytes.first == UInt8(ascii: "c") ? .chain : .steps
    case 7: candidate = bytes.first == UInt8(ascii: "d") ? .dialect : .feature
    case 8: candidate = .scenario
    case 11: candidate = .description
    case 12: candidate = .initialState
    case 13: candidate = .initialStates
    default: return nil
    }
    guard let base = bytes.baseAddress, memcmp(base, candidate.spelling.utf8Start, bytes.count) == 0 else { return nil }
    self = candidate
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
