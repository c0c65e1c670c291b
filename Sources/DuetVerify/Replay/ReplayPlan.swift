import DuetCore

/// A recording ready for the wire: every value replay sends or byte-compares, as compact canonical
/// text computed once, plus the document for labels, lines, nodes and seams.
///
/// Plans come from two readers. A file proven canonical is read without a tree
/// (`PrettyFixtureReader`): its document's big values are placeholders and the texts are spans of
/// the file with the layout dropped; trees are parsed from the texts only when a step fails. Any
/// other file goes through the parser and the writer (`init(document:)`), exactly as before.
struct ReplayPlan: Sendable {
  /// The recording. When `treesAreReal` is false, seeds, actions and expectations are placeholders.
  var document: FixtureDocument
  /// False when the document's value trees are placeholders (read them from the texts).
  var treesAreReal: Bool
  /// The leaf seed (`initialState`), or why it cannot be sent.
  var initialState: WireText
  /// The chain seeds by node (`initialStates`).
  var initialStates: [String: WireText]
  /// One entry per step.
  var steps: [PlannedStep]

  /// The plan of a parsed document: every text written by the compact writer.
  init(document: FixtureDocument) {
    self.document = document
    treesAreReal = true
    initialState = WireText(document.initialState ?? .null, what: "initialState")
    initialStates = document.initialStates.reduce(into: [:]) { seeds, seed in
      seeds[seed.key] = WireText(seed.value, what: "initialStates.\(seed.key)")
    }
    steps = document.steps.map { step in
      PlannedStep(
        action: WireText(step.action, what: "steps[\(step.index)].action"),
        expectedState: step.expectedState.map { WireText($0, what: "steps[\(step.index)].expectedState") },
        expectedEffects: WireText(step.expectedEffects, what: "steps[\(step.index)].expectedEffects"))
    }
  }

  /// A plan whose texts were read straight from canonical bytes.
  init(
    document: FixtureDocument, initialState: WireText, initialStates: [String: WireText], steps: [PlannedStep]
  ) {
    self.document = document
    treesAreReal = false
    self.initialState = initialState
    self.initialStates = initialStates
    self.steps = steps
  }

  /// The action tree of step `index` (for a chain's seam check).
  func actionTree(_ index: Int) -> JSONValue? {
    if treesAreReal { return document.steps[index].action }
    return steps[index].action.tree
  }

  /// The expected state tree of step `index` (for a divergence's path and fragments).
  func expectedStateTree(_ index: Int) -> JSONValue? {
    if treesAreReal { return document.steps[index].expectedState }
    return steps[index].expectedState?.tree
  }

  /// The expected effects tree of step `index`.
  func expectedEffectsTree(_ index: Int) -> JSONValue {
    if treesAreReal { return document.steps[index].expectedEffects }
    return steps[index].expectedEffects.tree ?? .array([])
  }

  /// Seeds one slot per node, after checking the runner serves every node; a failure when it does
  /// not, or when a seed cannot be sent.
  func seedSlots(owner: String?, served: [String]) -> Result<[String: String], FixtureFailure> {
    let needed: [String]
    var seeds: [(node: String, text: WireText)] = []
    switch document.kind {
    case .leaf:
      let feature = owner ?? document.feature ?? ""
      needed = [feature]
      seeds = [(feature, initialState)]
    case .chain:
      needed = document.nodes
      seeds = JSONValue.canonicalKeyOrder(document.initialStates).compactMap { node in
        initialStates[node].map { (node, $0) }
      }
    }
    let missing = needed.filter { !served.contains($0) }
    if !missing.isEmpty {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      let list = served.isEmpty ? "nothing" : served.joined(separator: ", ")
      return .failure(
        FixtureFailure(
          reason: .featureNotServed,
          detail:
            "the runner does not serve \(missing.count == 1 ? "feature" : "features") \(names) (it serves: \(list)). "
            + "Register the feature in the runner, or give the runner that serves it with --runner."))
    }
    var slots: [String: String] = [:]
    for seed in seeds {
      switch seed.text.text {
      case .success(let text): slots[seed.node] = text
      case .failure(let problem):
        return .failure(FixtureFailure(reason: .unreadable, detail: problem.message + ". Re-record the fixture."))
      }
    }
    return .success(slots)
  }
}

/// One step's texts.
struct PlannedStep: Sendable {
  /// The action sent.
  var action: WireText
  /// canonical(expectedState), when the step records one.
  var expectedState: WireText?
  /// canonical(expectedEffects).
  var expectedEffects: WireText
}

/// A recorded value's compact canonical text, or why the dialect forbids sending it.
struct WireText: Sendable {
  /// The text, or the sentence saying why there is none.
  var text: Result<String, WireProblem>

  init(text: String) {
    self.text = .success(text)
  }

  /// Writes `value` compactly; `what` names it in the problem (`steps[2].action`).
  init(_ value: JSONValue, what: String) {
    do {
      text = .success(try CanonicalWriter.compact(value))
    } catch {
      text = .failure(WireProblem(message: "\(what) cannot be sent: \(error.rooted(at: what).description)"))
    }
  }

  /// The value as a tree, parsed from the text (only needed when a step fails).
  var tree: JSONValue? {
    guard case .success(let text) = text else { return nil }
    return try? JSONParser().parse(text)
  }
}

/// Why a recorded value cannot go on the wire (a float, an out-of-range integer).
struct WireProblem: Error, Sendable {
  var message: String
}
