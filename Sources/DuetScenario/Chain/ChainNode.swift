import DuetCore

/// One feature in a chain scenario: the feature, the state it starts from, and the type of the
/// delegate events it sends up through `notifyListener`.
///
/// The node's name is the feature's name; a chain fixture keys `initialStates` and every step's
/// `node` by it. A child node declares its delegate type so a ``Hop`` can hand the event to the
/// parent typed; a node that only receives (the root) leaves it out.
public struct ChainNode<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable,
  Delegate: Codable & Sendable
>: Sendable {
  /// The feature this node runs.
  public let feature: Feature<State, Action, Payload>
  /// The state the node starts the chain in.
  public let initialState: State

  /// A child node, whose `notifyListener` payloads decode as `delegate`.
  public init(_ feature: Feature<State, Action, Payload>, initialState: State, delegate: Delegate.Type) {
    self.feature = feature
    self.initialState = initialState
  }

  /// The node's name: its feature's name.
  public var name: String { feature.name }

  var erased: ErasedNode {
    let coder = RecordingCoder()
    let state = initialState
    let name = self.name
    return ErasedNode(name: name, hasDelegateType: Delegate.self != Never.self) { site throws(ScenarioError) in
      try coder.roundTrip(state, root: "initialStates.\(name)", what: "node '\(name)''s initial state", at: site)
    }
  }

  /// Runs `action` on the node's state tree: decode, reduce, encode.
  func apply(_ action: Action, to tree: JSONValue, at site: Site) throws(ScenarioError) -> StepOutcome {
    var state = try decodeState(tree, at: site)
    let effects = feature.reduce(&state, action)
    let coder = RecordingCoder()
    return StepOutcome(
      state: try coder.roundTrip(state, root: "state", what: "node '\(name)''s state after the step", at: site),
      action: try coder.roundTrip(action, root: "action", what: "the action", at: site),
      effects: try coder.encode(effects, root: "expectedEffects", what: "the effects", at: site))
  }

  func decodeState(_ tree: JSONValue, at site: Site) throws(ScenarioError) -> State {
    try RecordingCoder().decode(State.self, from: tree, root: "state", what: "node '\(name)''s state", at: site)
  }

  func decodeEffects(_ tree: JSONValue, at site: Site) throws(ScenarioError) -> [Effect<Payload>] {
    try RecordingCoder().decode(
      [Effect<Payload>].self, from: tree, root: "expectedEffects", what: "node '\(name)''s effects", at: site)
  }

  func decodeDelegate(_ tree: JSONValue, root: String, at site: Site) throws(ScenarioError) -> Delegate {
    try RecordingCoder().decode(
      Delegate.self, from: tree, root: root, what: "the delegate event node '\(name)' emitted", at: site)
  }
}

extension ChainNode where Delegate == Never {
  /// A node that sends nothing up the chain (a root, or a leaf no Hop leaves from).
  public init(_ feature: Feature<State, Action, Payload>, initialState: State) {
    self.feature = feature
    self.initialState = initialState
  }
}

/// A node with its types erased, as the chain compiler tracks it.
struct ErasedNode: Sendable {
  let name: String
  let hasDelegateType: Bool
  let initialTree: @Sendable (Site) throws(ScenarioError) -> JSONValue
}

/// A step's recorded parts.
struct StepOutcome: Sendable {
  var state: JSONValue
  var action: JSONValue
  var effects: JSONValue
}

/// A `When` on a node: which node, and the step with its action bound.
struct ChainMove: Sendable {
  let node: ErasedNode
  let apply: @Sendable (JSONValue, Site) throws(ScenarioError) -> StepOutcome
}
