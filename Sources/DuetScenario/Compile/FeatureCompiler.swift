import DuetCore

/// Compiles one feature scenario: walks its words through the reducer, forking at Branches.
///
/// State values are forked, not replayed: the steps before a Branch run once and every Branch
/// continues from a copy of where they left off. Each root-to-leaf path becomes one fixture.
struct FeatureCompiler<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
> {
  typealias Element = ScenarioElement<State, Action, Payload>

  let scenario: Scenario<State, Action, Payload>
  let source: String
  let coder = RecordingCoder()

  /// Where a path stands: the typed state, what the fixture has recorded so far, the last step.
  struct Cursor {
    var state: State
    var stateTree: JSONValue
    var steps: [JSONValue] = []
    var lastEffects: (typed: [Effect<Payload>], tree: JSONValue)?
    var lastStep: String?
  }

  /// A finished root-to-leaf path.
  struct Path {
    var slugs: [String]
    var steps: [JSONValue]
  }

  enum Outcome {
    case continued(Cursor)
    case forked([Path])
  }

  func compile() throws(ScenarioError) -> [CompiledFixture] {
    guard Slug.isValidFixtureName(scenario.name) else {
      throw .invalidName(scenario.name, word: "scenario", source: source)
    }
    guard let first = scenario.elements.first, case .given(let given) = first.kind else {
      if let misplaced = Self.firstGiven(in: scenario.elements) {
        throw .givenNotFirst(misplaced.mention(source: source), scenario: scenario.name)
      }
      throw .missingGiven(scenario: scenario.name, source: source)
    }
    let site = Site(word: "Given", label: nil, line: given.line, source: source)
    let initialTree = try coder.roundTrip(given.state, root: "initialState", what: "the initial state", at: site)
    let start = Cursor(state: given.state, stateTree: initialTree)
    let paths: [Path]
    switch try walk(scenario.elements.dropFirst(), from: start, labels: [], slugs: []) {
    case .continued(let cursor): paths = [Path(slugs: [], steps: cursor.steps)]
    case .forked(let forked): paths = forked
    }
    return try paths.map { path throws(ScenarioError) in try fixture(for: path, initialState: initialTree) }
  }

  func walk(_ elements: ArraySlice<Element>, from start: Cursor, labels: [String], slugs: [String])
    throws(ScenarioError) -> Outcome
  {
    var cursor = start
    var index = elements.startIndex
    while index < elements.endIndex {
      let element = elements[index]
      switch element.kind {
      case .given:
        throw .givenNotFirst(element.mention(source: source), scenario: scenario.name)
      case .when(let when):
        try step(when, cursor: &cursor, labels: labels, element: element)
      case .then(let then):
        try check(then, cursor: cursor, element: element)
      case .thenEffects(let then):
        try check(then, cursor: cursor, element: element)
      case .context(let context):
        switch try walk(context.body[...], from: cursor, labels: labels + [context.label], slugs: slugs) {
        case .continued(let after):
          cursor = after
        case .forked(let paths):
          if index + 1 < elements.endIndex {
            throw .stepAfterBranch(
              elements[index + 1].mention(source: source),
              after: element.mention(source: source) + ", which ends in Branches,")
          }
          return .forked(paths)
        }
      case .branch:
        return .forked(try fork(elements[index...], from: cursor, labels: labels, slugs: slugs))
      }
      index += 1
    }
    return .continued(cursor)
  }

  /// Runs each Branch of a trailing group from the same cursor.
  func fork(_ group: ArraySlice<Element>, from cursor: Cursor, labels: [String], slugs: [String])
    throws(ScenarioError) -> [Path]
  {
    var branches: [Chapter<State, Action, Payload>] = []
    var seen: [String: String] = [:]
    var previous = ""
    for element in group {
      guard case .branch(let branch) = element.kind else {
        throw .stepAfterBranch(element.mention(source: source), after: previous)
      }
      let mention = element.mention(source: source)
      let slug = Slug.make(branch.label)
      if slug.isEmpty { throw .emptySlug(mention) }
      if let other = seen[slug] { throw .slugCollision(mention, other: other, slug: slug) }
      seen[slug] = mention
      previous = mention
      branches.append(branch)
    }
    var paths: [Path] = []
    for branch in branches {
      let branchSlugs = slugs + [Slug.make(branch.label)]
      switch try walk(branch.body[...], from: cursor, labels: labels + [branch.label], slugs: branchSlugs) {
      case .continued(let end): paths.append(Path(slugs: branchSlugs, steps: end.steps))
      case .forked(let forked): paths += forked
      }
    }
    return paths
  }

  func step(_ when: When<Action>, cursor: inout Cursor, labels: [String], element: Element) throws(ScenarioError) {
    let mention = element.mention(source: source)
    if when.move != nil {
      throw .misplacedWord(
        mention, reason: "names a chain node; in a feature scenario, When takes a label and an action")
    }
    let site = Site(word: "When", label: when.label, line: when.line, source: source)
    var state = cursor.state
    let effects = scenario.feature.reduce(&state, when.action)
    let actionTree = try coder.roundTrip(when.action, root: "action", what: "the action", at: site)
    let stateTree = try coder.roundTrip(state, root: "expectedState", what: "the state after the step", at: site)
    let effectsTree = try coder.encode(effects, root: "expectedEffects", what: "the effects", at: site)
    let label = (labels + [when.label]).joined(separator: " › ")
    cursor.steps.append(
      .object([
        "action": actionTree, "expectedEffects": effectsTree, "expectedState": stateTree, "label": .string(label),
        "line": .integer(Int64(when.line)),
      ]))
    cursor.state = state
    cursor.stateTree = stateTree
    cursor.lastEffects = (effects, effectsTree)
    cursor.lastStep = "step \(cursor.steps.count - 1) '\(label)'"
  }

  func check(_ then: Check<State>, cursor: Cursor, element: Element) throws(ScenarioError) {
    let mention = element.mention(source: source)
    if then.node != nil {
      throw .misplacedWord(
        mention, reason: "names a chain node; in a feature scenario, Then checks the feature's state")
    }
    guard then.check(cursor.state) else {
      let after = cursor.lastStep.map { "after \($0)" } ?? "Given set up"
      throw .thenFailed(mention, after: after, state: RecordingCoder.compact(cursor.stateTree))
    }
  }

  func check(_ then: Check<[Effect<Payload>]>, cursor: Cursor, element: Element) throws(ScenarioError) {
    let mention = element.mention(source: source)
    if then.node != nil {
      throw .misplacedWord(
        mention, reason: "names a chain node; in a feature scenario, ThenEffects checks the last step")
    }
    guard let effects = cursor.lastEffects, let lastStep = cursor.lastStep else {
      throw .thenEffectsWithoutStep(mention)
    }
    guard then.check(effects.typed) else {
      throw .thenEffectsFailed(mention, after: lastStep, effects: RecordingCoder.compact(effects.tree))
    }
  }

  func fixture(for path: Path, initialState: JSONValue) throws(ScenarioError) -> CompiledFixture {
    let name = ([scenario.name] + path.slugs).joined(separator: ".")
    if path.steps.isEmpty { throw .noSteps(fixture: name, source: source) }
    var scenarioMeta: [String: JSONValue] = ["source": .string(source)]
    if !path.slugs.isEmpty { scenarioMeta["branch"] = .string(path.slugs.joined(separator: ".")) }
    let document = JSONValue.object([
      "description": .string(scenario.description),
      "dialect": .integer(2),
      "feature": .string(scenario.feature.name),
      "initialState": initialState,
      "scenario": .object(scenarioMeta),
      "steps": .array(path.steps),
    ])
    return CompiledFixture(name: name, document: document)
  }

  /// The first Given anywhere in the words, for a "Given not first" message.
  static func firstGiven(in elements: [Element]) -> Element? {
    for element in elements {
      switch element.kind {
      case .given: return element
      case .context(let chapter), .branch(let chapter): if let found = firstGiven(in: chapter.body) { return found }
      default: continue
      }
    }
    return nil
  }
}
