import DuetCore

/// Reads a parsed recording into a `FixtureDocument`, checking the shape fixtures.md gives.
///
/// Chains are recognised by their name (`chain-…`), as the spec says; a leaf step without
/// `expectedState`, or a chain step whose node has no seed, is refused here with its path rather than
/// failing obscurely mid-replay.
enum FixtureDocumentReader {
  static let supportedDialects: Set<Int64> = [1, 2]

  static func read(_ tree: JSONValue, name: String) throws(FixtureFormatError) -> FixtureDocument {
    guard case .object(let top) = tree else {
      throw FixtureFormatError(path: "the document", problem: "must be a JSON object, found \(tree.kindName)")
    }
    let isChain = name.hasPrefix(NameRules.chainPrefix)
    var document = FixtureDocument(name: name, kind: isChain ? .chain : .leaf)
    if let dialect = top["dialect"] {
      guard case .integer(let number) = dialect, supportedDialects.contains(number) else {
        let shown = FirstDivergence.render(dialect)
        throw FixtureFormatError(
          path: "dialect", problem: "is \(shown), which this verifier does not read (it reads dialects 1 and 2)")
      }
      document.dialect = Int(number)
    } else {
      document.dialect = 1
    }
    if let feature = top["feature"] {
      guard case .string(let text) = feature else { throw mismatch("feature", "a string", feature) }
      document.feature = text
    }
    if let scenario = top["scenario"] {
      guard case .object(let members) = scenario else { throw mismatch("scenario", "an object", scenario) }
      if let source = members["source"] {
        guard case .string(let text) = source else { throw mismatch("scenario.source", "a string", source) }
        document.scenarioSource = text
      }
    }
    if isChain {
      guard let seeds = top["initialStates"] else {
        throw FixtureFormatError(
          path: "initialStates", problem: "is missing; a chain recording seeds one state per node")
      }
      guard case .object(let members) = seeds else { throw mismatch("initialStates", "an object", seeds) }
      document.initialStates = members
    } else {
      guard let seed = top["initialState"] else {
        throw FixtureFormatError(path: "initialState", problem: "is missing; a leaf recording starts from one state")
      }
      document.initialState = seed
    }
    guard let steps = top["steps"] else { throw FixtureFormatError(path: "steps", problem: "is missing") }
    guard case .array(let elements) = steps else { throw mismatch("steps", "an array", steps) }
    guard !elements.isEmpty else {
      throw FixtureFormatError(
        path: "steps", problem: "is empty: a recording without steps pins no behaviour and would pass vacuously")
    }
    for (index, element) in elements.enumerated() {
      document.steps.append(try readStep(element, index: index, document: document))
    }
    return document
  }

  static func readStep(_ value: JSONValue, index: Int, document: FixtureDocument) throws(FixtureFormatError)
    -> FixtureStep
  {
    let path = "steps[\(index)]"
    guard case .object(let members) = value else { throw mismatch(path, "an object", value) }
    guard let action = members["action"] else {
      throw FixtureFormatError(path: "\(path).action", problem: "is missing")
    }
    guard let effects = members["expectedEffects"] else {
      throw FixtureFormatError(path: "\(path).expectedEffects", problem: "is missing")
    }
    guard case .array = effects else { throw mismatch("\(path).expectedEffects", "an array", effects) }
    let expectedState = members["expectedState"]
    var node: String?
    if document.kind == .chain {
      guard let nodeValue = members["node"] else {
        throw FixtureFormatError(path: "\(path).node", problem: "is missing; every chain step names its node")
      }
      guard case .string(let text) = nodeValue else { throw mismatch("\(path).node", "a string", nodeValue) }
      guard document.initialStates[text] != nil else {
        throw FixtureFormatError(
          path: "\(path).node", problem: "is '\(text)', which has no seed in initialStates")
      }
      node = text
    } else if expectedState == nil {
      throw FixtureFormatError(
        path: "\(path).expectedState", problem: "is missing; a leaf step records the full state after it")
    }
    var label: String?
    if let labelValue = members["label"] {
      guard case .string(let text) = labelValue else { throw mismatch("\(path).label", "a string", labelValue) }
      label = text
    }
    var line: Int?
    if let lineValue = members["line"] {
      guard case .integer(let number) = lineValue else { throw mismatch("\(path).line", "an integer", lineValue) }
      line = Int(clamping: number)
    }
    var linkToNext = false
    if let linkValue = members["linkToNext"] {
      guard case .bool(let flag) = linkValue else { throw mismatch("\(path).linkToNext", "a boolean", linkValue) }
      linkToNext = flag
    }
    return FixtureStep(
      index: index, node: node, action: action, expectedState: expectedState, expectedEffects: effects,
      label: label, line: line, linkToNext: linkToNext)
  }

  static func mismatch(_ path: String, _ expected: String, _ found: JSONValue) -> FixtureFormatError {
    FixtureFormatError(path: path, problem: "must be \(expected), found \(found.kindName)")
  }
}
