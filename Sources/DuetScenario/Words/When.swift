/// One recorded step: an action sent to the reducer, with the label and line the fixture keeps.
///
/// In a feature scenario it reads `When("increment", .increment)`; in a chain it names the node
/// that receives the action: `When(ping, "fire", .fire)`.
public struct When<Action: Codable & Sendable>: Sendable {
  let label: String
  let action: Action
  let line: Int
  /// Set when the step runs on a chain node.
  let move: ChainMove?

  /// A feature scenario's step.
  public init(_ label: String, _ action: Action, line: Int = #line) {
    self.label = label
    self.action = action
    self.line = line
    self.move = nil
  }

  /// A chain scenario's step on `node`.
  public init<State, Payload, Delegate>(
    _ node: ChainNode<State, Action, Payload, Delegate>, _ label: String, _ action: Action, line: Int = #line
  ) {
    self.label = label
    self.action = action
    self.line = line
    self.move = ChainMove(node: node.erased) { state, site throws(ScenarioError) in
      try node.apply(action, to: state, at: site)
    }
  }
}
