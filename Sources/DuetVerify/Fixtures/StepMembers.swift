import DuetCore

/// A recording step's members by key, as either reader found them.
///
/// `FixtureDocumentReader` states the step's shape rules once, over this value: the parser's path
/// fills it with the step object's trees (refusing a key the dialect does not define), and the
/// canonical fast path fills it with `CompactMember`s, the members' compact bytes in place. The
/// rules read each member through `RecordedMember`, so neither reader builds what the other needs.
struct StepMembers<Value: RecordedMember> {
  var action: Value?
  var expectedEffects: Value?
  var expectedState: Value?
  var label: Value?
  var line: Value?
  var linkToNext: Value?
  var node: Value?

  init() {}

  subscript(key: StepKey) -> Value? {
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

extension StepMembers where Value == JSONValue {
  /// The members of a parsed step object; a key the dialect does not define fails, named with its
  /// path and the nearest known key.
  init(_ members: [String: JSONValue], at path: String) throws(FixtureFormatError) {
    try FixtureDocumentReader.refuseUnknownKeys(members, known: FixtureDocumentReader.stepKeys, at: path)
    for (name, value) in members {
      if let key = StepKey(rawValue: name) { self[key] = value }
    }
  }
}
