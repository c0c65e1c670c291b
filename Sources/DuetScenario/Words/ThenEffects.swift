import DuetCore

/// A check on the effects the step before it emitted; a `false` stops recording with its label and line.
public struct ThenEffects<Payload: Codable & Sendable & Equatable>: Sendable {
  let label: String
  let line: Int
  let check: @Sendable ([Effect<Payload>]) -> Bool
  /// Set when the check reads a chain node's last step.
  let node: ErasedNode?
  let chainCheck: (@Sendable (JSONValue, Site) throws(ScenarioError) -> Bool)?

  /// A feature scenario's check: `ThenEffects("nothing is emitted") { $0.isEmpty }`.
  public init(_ label: String, line: Int = #line, _ check: @escaping @Sendable ([Effect<Payload>]) -> Bool) {
    self.label = label
    self.line = line
    self.check = check
    self.node = nil
    self.chainCheck = nil
  }

  /// A chain scenario's check on the effects of the step just run on `node`.
  public init<State, Action, Delegate>(
    _ node: ChainNode<State, Action, Payload, Delegate>, _ label: String, line: Int = #line,
    _ check: @escaping @Sendable ([Effect<Payload>]) -> Bool
  ) {
    self.label = label
    self.line = line
    self.check = check
    self.node = node.erased
    self.chainCheck = { tree, site throws(ScenarioError) in check(try node.decodeEffects(tree, at: site)) }
  }
}
