import DuetCore

/// Reads a parsed recording into a `FixtureDocument`, checking the shape docs/recording.md gives.
///
/// A chain is recognised by its shape (`initialStates`, one seed per node), never by its name: the
/// manifest's `chains:` list says which recordings are chains, and lint holds the two to agree.
/// A leaf step without `expectedState`, a chain step whose node has no seed, or a key the dialect
/// does not define (a misspelt `expectedstate` would leave a state unchecked) is refused here with
/// its path rather than failing obscurely mid-replay or being silently ignored.
enum FixtureDocumentReader {
  /// The top-level keys of docs/recording.md (`chain` is the chain's bare name, written by Duet's recorders).
  static let documentKeys = DocumentKey.allCases.map(\.rawValue)
  /// The keys of a step.
  static let stepKeys = StepKey.allCases.map(\.rawValue)

  /// The dialects this verifier reads (1 and 2); a comparison, not a set, as it is asked once per
  /// recording.
  static func supports(dialect number: Int64) -> Bool { number == 1 || number == 2 }

  /// Reads `tree` into a document (the caller adds file, bytes and the taxonomy document).
  static func read(_ tree: JSONValue, name: String) throws(FixtureFormatError) -> FixtureDocument {
    guard case .object(let top) = tree else {
      throw FixtureFormatError(path: "the document", problem: "must be a JSON object, found \(tree.kindName)")
    }
    var document = FixtureDocument(reading: name)
    try read(DocumentMembers(top), into: &document, texts: RecordingTexts()) {
      steps, _, kind, seeds, texts throws(FixtureFormatError) in
      let elements = steps.arrayValue ?? []
      var recorded: [RecordedStep] = []
      recorded.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        guard case .object(let object) = element else { throw mismatch("steps[\(index)]", "an object", element) }
        let members = try StepMembers(object, at: "steps[\(index)]")
        recorded.append(try readStep(members, index: index, kind: kind, seeds: seeds, texts: &texts))
      }
      return recorded
    }
    return document
  }

  /// The document's rules, once for both readers over their own member values, written into
  /// `document` (made by the caller with its name: the document is built in place, never copied);
  /// `readSteps` reads the `steps` array of `count` (> 0) elements, each by
  /// ``readStep(_:index:kind:seeds:texts:)``, into `texts` (the fast reader's starts as the whole
  /// compact text its spans point into).
  static func read<Value: RecordedMember>(
    _ top: DocumentMembers<Value>, into document: inout FixtureDocument, texts: consuming RecordingTexts,
    readSteps: (
      _ steps: Value, _ count: Int, _ kind: FixtureDocument.Kind, _ seeds: [String: WireText],
      _ texts: inout RecordingTexts
    ) throws(FixtureFormatError) -> [RecordedStep]
  ) throws(FixtureFormatError) {
    if top.initialState != nil, top.initialStates != nil {
      throw FixtureFormatError(
        path: "initialStates",
        problem: "is given beside initialState; a recording is a leaf (initialState) or a chain (initialStates)")
    }
    document.kind = top.initialStates != nil ? .chain : .leaf
    if let dialect = top.dialect {
      guard let number = dialect.integerValue, supports(dialect: number) else {
        let shown = FirstDivergence.render(dialect.tree)
        throw FixtureFormatError(
          path: "dialect", problem: "is \(shown), which this verifier does not read (it reads dialects 1 and 2)")
      }
      document.dialect = Int(number)
    } else {
      document.dialect = 1
    }
    if let feature = top.feature {
      guard let text = feature.stringValue else { throw mismatch("feature", "a string", feature) }
      document.feature = text
    }
    if let scenario = top.scenario {
      guard let source = scenario.member("source") else { throw mismatch("scenario", "an object", scenario) }
      if let source {
        guard let text = source.stringValue else { throw mismatch("scenario.source", "a string", source) }
        document.scenarioSource = text
      }
    }
    if let seeds = top.initialStates {
      guard let members = seeds.objectMembers else { throw mismatch("initialStates", "an object", seeds) }
      for seed in members {
        document.initialStates[seed.key] = seed.value.wireText(what: "initialStates.\(seed.key)")
      }
    } else {
      guard let seed = top.initialState else {
        throw FixtureFormatError(
          path: "initialState",
          problem: "is missing; a leaf recording starts from one state (a chain recording has initialStates)")
      }
      document.initialState = seed.wireText(what: "initialState")
    }
    guard let steps = top.steps else { throw FixtureFormatError(path: "steps", problem: "is missing") }
    guard let count = steps.elementCount else { throw mismatch("steps", "an array", steps) }
    guard count > 0 else {
      throw FixtureFormatError(
        path: "steps", problem: "is empty: a recording without steps pins no behaviour and would pass vacuously")
    }
    document.recorded = try readSteps(steps, count, document.kind, document.initialStates, &texts)
    texts.writeReplies(for: &document.recorded)
    document.texts = texts
  }

  /// A step's shape, checked once for both readers over their own member values; its path is
  /// written only into an error. A chain step's node must have a seed among `seeds`. Its texts
  /// are spans of `texts` (written into it by the parser's path; the fast path's lie there already).
  static func readStep<Value: RecordedMember>(
    _ members: StepMembers<Value>, index: Int, kind: FixtureDocument.Kind, seeds: [String: WireText],
    texts: inout RecordingTexts
  ) throws(FixtureFormatError) -> RecordedStep {
    var path: String { "steps[\(index)]" }
    guard let action = members.action else {
      throw FixtureFormatError(path: "\(path).action", problem: "is missing")
    }
    guard let effects = members.expectedEffects else {
      throw FixtureFormatError(path: "\(path).expectedEffects", problem: "is missing")
    }
    guard effects.isArray else { throw mismatch("\(path).expectedEffects", "an array", effects) }
    let expectedState = members.expectedState
    var node: Int32 = -1
    if kind == .chain {
      guard let nodeValue = members.node else {
        throw FixtureFormatError(path: "\(path).node", problem: "is missing; every chain step names its node")
      }
      guard let text = nodeValue.stringValue else { throw mismatch("\(path).node", "a string", nodeValue) }
      guard seeds[text] != nil else {
        throw FixtureFormatError(
          path: "\(path).node", problem: "is '\(text)', which has no seed in initialStates")
      }
      node = texts.place(ofNode: text)
    } else if expectedState == nil {
      throw FixtureFormatError(
        path: "\(path).expectedState", problem: "is missing; a leaf step records the full state after it")
    }
    var label = LabelSpan.absent
    if let labelValue = members.label {
      guard let span = labelValue.labelSpan(in: &texts) else { throw mismatch("\(path).label", "a string", labelValue) }
      label = span
    }
    var line: Int?
    if let lineValue = members.line {
      guard let number = lineValue.integerValue else { throw mismatch("\(path).line", "an integer", lineValue) }
      line = Int(clamping: number)
    }
    var linkToNext = false
    if let linkValue = members.linkToNext {
      guard let flag = linkValue.boolValue else { throw mismatch("\(path).linkToNext", "a boolean", linkValue) }
      linkToNext = flag
    }
    let actionSpan = action.span(what: "\(path).action", in: &texts)
    let effectsSpan = effects.span(what: "\(path).expectedEffects", in: &texts)
    let stateSpan = expectedState.map { $0.span(what: "\(path).expectedState", in: &texts) } ?? .absent
    // The reply line is written once all the steps are read (`RecordingTexts.writeReplies`).
    return RecordedStep(
      action: actionSpan, expectedEffects: effectsSpan, expectedState: stateSpan, reply: .absent,
      label: label, line: line, node: node, linkToNext: linkToNext)
  }

  /// A key the dialect does not define fails, named with its path and the nearest known key.
  static func refuseUnknownKeys(_ members: [String: JSONValue], known: [String], at path: String?)
    throws(FixtureFormatError)
  {
    guard let key = JSONValue.canonicalKeyOrder(members).first(where: { !known.contains($0) }) else { return }
    let place = path.map { "\($0) (a step)" } ?? "the document"
    throw FixtureFormatError(
      path: path.map { "\($0).\(key.printable)" } ?? key.printable,
      problem:
        "is not a key the fixture dialect defines, so nothing would check it; \(place) may hold "
        + known.joined(separator: ", ") + "." + Suggestion.hint(for: key, among: known))
  }

  static func mismatch(_ path: String, _ expected: String, _ found: some RecordedMember) -> FixtureFormatError {
    FixtureFormatError(path: path, problem: "must be \(expected), found \(found.kindName)")
  }
}
