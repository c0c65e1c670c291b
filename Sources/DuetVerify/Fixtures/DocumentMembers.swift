import DuetCore

/// A recording's top-level members by key, as either reader found them: the document's
/// counterpart of `StepMembers`, so `FixtureDocumentReader` states the document's rules once and
/// the fast path builds no dictionary (no hashing) per recording.
struct DocumentMembers<Value: RecordedMember> {
  var chain: Value?
  var description: Value?
  var dialect: Value?
  var feature: Value?
  var initialState: Value?
  var initialStates: Value?
  var scenario: Value?
  var steps: Value?

  init() {}

  subscript(key: DocumentKey) -> Value? {
    get {
      switch key {
      case .chain: return chain
      case .description: return description
      case .dialect: return dialect
      case .feature: return feature
      case .initialState: return initialState
      case .initialStates: return initialStates
      case .scenario: return scenario
      case .steps: return steps
      }
    }
    set {
      switch key {
      case .chain: chain = newValue
      case .description: description = newValue
      case .dialect: dialect = newValue
      case .feature: feature = newValue
      case .initialState: initialState = newValue
      case .initialStates: initialStates = newValue
      case .scenario: scenario = newValue
      case .steps: steps = newValue
      }
    }
  }
}

extension DocumentMembers where Value == JSONValue {
  /// The members of a parsed document object; a key the dialect does not define fails, named
  /// with the nearest known key.
  init(_ members: [String: JSONValue]) throws(FixtureFormatError) {
    try FixtureDocumentReader.refuseUnknownKeys(members, known: FixtureDocumentReader.documentKeys, at: nil)
    for (name, value) in members {
      if let key = DocumentKey(rawValue: name) { self[key] = value }
    }
  }
}
