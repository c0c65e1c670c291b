import DuetCore

/// A check on the state after the steps before it; a `false` stops recording with its label and line.
///
/// Thens never reach a fixture: the recording pins the whole state anyway. They make the scenario
/// say what matters, and they stop a wrong reducer from being recorded as the truth.
public struct Then<State: Codable & Sendable>: Sendable {
  let label: String
  let line: Int
  let check: @Sendable (State) -> Bool
  /// Set when the check reads a chain node's state.
  let node: ErasedNode?
  let chainCheck: (@Sendable (JSONValue, Site) throws(ScenarioError) -> Bool)?

  /// A feature scenario's check: `Then("the count is one") { $0.count == 1 }`.
  public init(_ label: String, line: Int = #line, _ check: @escaping @Sendable (State) -> Bool) {
    self.label = label
    self.line = line
    self.check = check
    self.node = nil
    self.chainCheck = nil
  }

  /// A chain scenario's check on `node`'s current state.
  public init<Action, Payload, Delegate>(
    _ node: ChainNode<State, Action, Payload, Delegate>, _ label: String, line: Int = #line,
    _ check: @escaping @Sendable (State) -> Bool
  ) {
    self.label = label
    self.line = line
    self.check = check
    self.node = node.erased
    self.chainCheck = { tree, site throws(ScenarioError) in check(try node.decodeState(tree, at: site)) }
  }
}
