import DuetCore

/// Compiles one chain scenario: one state slot per node, steps in order, hops across seams.
struct ChainCompiler {
  let scenario: ChainScenario
  let source: String

  /// The most recent recorded step, which a Hop or a ThenEffects reads.
  struct LastStep {
    var index: Int
    var node: String
    var effects: JSONValue
    var mention: String
  }

  var initialStates: [String: JSONValue] = [:]
  var states: [String: JSONValue] = [:]
  var steps: [[String: JSONValue]] = []
  var last: LastStep?

  init(scenario: ChainScenario, source: String) {
    self.scenario = scenario
    self.source = source
  }

  consuming func compile() throws(ScenarioError) -> CompiledFixture {
    guard Slug.isValidFixtureName(scenario.fixtureName) else {
      throw .invalidName(scenario.name, word: "chain scenario", source: source)
    }
    for element in scenario.elements {
      let site = element.site(source: source)
      switch element.kind {
      case .when(_, _, let move):
        guard let move else {
          throw .misplacedWord(
            site.mention,
            reason:
              "names no node; in a chain scenario every When names the node that receives it: When(node, label, action)"
          )
        }
        try register(move.node, at: site)
        record(try move.apply(try state(of: move.node), site), node: move.node.name, site: site)
      case .hop(let hop):
        try cross(hop, at: site)
      case .then(_, _, let node, let check):
        guard let node, let check else {
          throw .misplacedWord(
            site.mention,
            reason: "names no node; in a chain scenario Then names the node it checks: Then(node, label) { … }")
        }
        try register(node, at: site)
        let tree = try state(of: node)
        guard try check(tree, site) else {
          let after = last.map { "after \($0.mention)" } ?? "at the start of the chain"
          throw .thenFailed(site.mention, after: "of node '\(node.name)' \(after)", state: RecordingCoder.compact(tree))
        }
      case .thenEffects(_, _, let node, let check):
        guard let node, let check else {
          throw .misplacedWord(
            site.mention,
            reason:
              "names no node; in a chain scenario ThenEffects names the node of the step it checks: ThenEffects(node, label) { … }"
          )
        }
        guard let last else { throw .thenEffectsWithoutStep(site.mention) }
        guard last.node == node.name else {
          throw .misplacedWord(
            site.mention,
            reason:
              "checks node '\(node.name)', but the step before it, \(last.mention), ran on node '\(last.node)'; put it right after a step on '\(node.name)'"
          )
        }
        guard try check(last.effects, site) else {
          throw .thenEffectsFailed(site.mention, after: last.mention, effects: RecordingCoder.compact(last.effects))
        }
      }
    }
    guard !steps.isEmpty else { throw .noSteps(fixture: scenario.fixtureName, source: source) }
    return CompiledFixture(
      name: scenario.fixtureName,
      document: .object([
        "chain": .string(scenario.name),
        "description": .string(scenario.description),
        "dialect": .integer(2),
        "initialStates": .object(initialStates),
        "scenario": .object(["source": .string(source)]),
        "steps": .array(steps.map(JSONValue.object)),
      ]))
  }

  /// Seeds a node's slot on first use; a second node of the same name must start the same way.
  mutating func register(_ node: ErasedNode, at site: Site) throws(ScenarioError) {
    let tree = try node.initialTree(site)
    if let existing = initialStates[node.name] {
      guard RecordingCoder.compact(existing) == RecordingCoder.compact(tree) else {
        throw .conflictingNodes(
          site.mention, node: node.name, first: RecordingCoder.compact(existing), second: RecordingCoder.compact(tree))
      }
      return
    }
    initialStates[node.name] = tree
    states[node.name] = tree
  }

  func state(of node: ErasedNode) throws(ScenarioError) -> JSONValue {
    states[node.name] ?? .null
  }

  mutating func record(_ outcome: StepOutcome, node: String, site: Site) {
    let label = site.label ?? ""
    states[node] = outcome.state
    steps.append([
      "action": outcome.action, "expectedEffects": outcome.effects, "label": .string(label),
      "line": .integer(Int64(site.line)), "node": .string(node),
    ])
    last = LastStep(
      index: steps.count - 1, node: node, effects: outcome.effects,
      mention: "step \(steps.count - 1) '\(label)' (\(source):\(site.line))")
  }

  /// A Hop: the previous step's delegate event becomes the parent's action, and that step links to it.
  mutating func cross(_ hop: Hop, at site: Site) throws(ScenarioError) {
    guard let last else { throw .hopWithoutDelegate(site.mention, reason: "there is no step before it") }
    guard last.node == hop.from.name else {
      throw .hopFromWrongNode(site.mention, from: hop.from.name, lastStep: last.mention, lastNode: last.node)
    }
    guard hop.from.hasDelegateType else { throw .nodeWithoutDelegateType(site.mention, node: hop.from.name) }
    guard let event = DelegateEvent.last(in: last.effects) else {
      throw .hopWithoutDelegate(
        site.mention,
        reason:
          "\(last.mention) emitted no notifyListener effect (its effects: \(RecordingCoder.compact(last.effects)))")
    }
    try register(hop.from, at: site)
    try register(hop.to, at: site)
    let outcome = try hop.cross(
      event.value, "expectedEffects[\(event.index)].payload.value", try state(of: hop.to), site)
    guard outcome.action["value"]?.embeds(event.value) == true else {
      throw .hopChangesEvent(
        site.mention, action: RecordingCoder.compact(outcome.action), event: RecordingCoder.compact(event.value),
        lastStep: last.mention)
    }
    steps[last.index]["linkToNext"] = .bool(true)
    record(outcome, node: hop.to.name, site: site)
  }
}
