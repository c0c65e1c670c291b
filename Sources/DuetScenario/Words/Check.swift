import DuetCore

/// What a ``Then`` and a ``ThenEffects`` both are: a labelled check on `Subject` (the state, or the
/// effects of the step before it), in a feature scenario or on a chain node.
struct Check<Subject>: Sendable {
  let label: String
  let line: Int
  let check: @Sendable (Subject) -> Bool
  /// Set when the check reads a chain node.
  let node: ErasedNode?
  /// The check on the node's recorded tree, decoded as `Subject` first; set with `node`.
  let chainCheck: (@Sendable (JSONValue, Site) throws(ScenarioError) -> Bool)?

  /// A feature scenario's check.
  init(_ label: String, line: Int, _ check: @escaping @Sendable (Subject) -> Bool) {
    self.label = label
    self.line = line
    self.check = check
    self.node = nil
    self.chainCheck = nil
  }

  /// A chain scenario's check on `node`, whose recorded tree `decode` reads as `Subject`.
  init(
    _ label: String, line: Int, node: ErasedNode,
    decode: @escaping @Sendable (JSONValue, Site) throws(ScenarioError) -> Subject,
    _ check: @escaping @Sendable (Subject) -> Bool
  ) {
    self.label = label
    self.line = line
    self.check = check
    self.node = node
    self.chainCheck = { tree, site throws(ScenarioError) in check(try decode(tree, site)) }
  }
}
