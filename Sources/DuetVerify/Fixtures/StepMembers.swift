import DuetCore

/// A recording step's members by key, as either reader found them.
///
/// `FixtureDocumentReader` states the step's shape rules once, over this value: the parser's path
/// fills it from a step's object (refusing a key the dialect does not define), and the canonical
/// fast path fills it straight from the indexed bytes, with placeholders for the big values it
/// keeps as texts. Neither builds a dictionary per step for the other.
struct StepMembers {
  /// The keys of a step (fixtures.md), in canonical order: the one list both readers use.
  enum Key: String, CaseIterable {
    case action, expectedEffects, expectedState, label, line, linkToNext, node
  }

  /// Each key with its bytes, in canonical order, so a reader of canonical bytes matches a
  /// member's key without making a string.
  static let spellings: [(bytes: [UInt8], key: Key)] = Key.allCases.map { (Array($0.rawValue.utf8), $0) }

  /// The key spelled by `bytes`, searched in `spellings` from `cursor` on (members of a canonical
  /// object come in key order, so each search starts after the last key found); `nil` for a key
  /// the dialect does not define.
  static func key(
    spelledBy bytes: UnsafeBufferPointer<UInt8>, in spellings: [(bytes: [UInt8], key: Key)], from cursor: inout Int
  ) -> Key? {
    while cursor < spellings.count {
      let candidate = spellings[cursor]
      cursor += 1
      if candidate.bytes.count == bytes.count, candidate.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
        return candidate.key
      }
    }
    return nil
  }

  var action: JSONValue?
  var expectedEffects: JSONValue?
  var expectedState: JSONValue?
  var label: JSONValue?
  var line: JSONValue?
  var linkToNext: JSONValue?
  var node: JSONValue?

  init() {}

  /// The members of a parsed step object; a key the dialect does not define fails, named with its
  /// path and the nearest known key.
  init(_ members: [String: JSONValue], at path: String) throws(FixtureFormatError) {
    try FixtureDocumentReader.refuseUnknownKeys(members, known: FixtureDocumentReader.stepKeys, at: path)
    for (name, value) in members {
      if let key = Key(rawValue: name) { self[key] = value }
    }
  }

  subscript(key: Key) -> JSONValue? {
    get {
      switch key {
      case .action: return action
      case .expectedEffects: return expectedEffects
      case .expectedState: return expectedState
      case .label: return label
      case .line: return line
      case .linkToNext: return linkToNext
      case .node: return node
      }
    }
    set {
      switch key {
      case .action: action = newValue
      case .expectedEffects: expectedEffects = newValue
      case .expectedState: expectedState = newValue
      case .label: label = newValue
      case .line: line = newValue
      case .linkToNext: linkToNext = newValue
      case .node: node = newValue
      }
    }
  }
}
