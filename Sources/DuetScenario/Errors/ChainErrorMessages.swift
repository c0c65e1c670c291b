/// The sentences of the errors only chain scenarios can make.
extension ScenarioError {
  static func hopWithoutDelegate(_ mention: String, reason: String) -> ScenarioError {
    ScenarioError(
      .hopWithoutDelegate,
      "\(mention) has no delegate event to carry: \(reason). A Hop follows a step on its 'from' node that emits a notifyListener effect."
    )
  }

  static func hopFromWrongNode(_ mention: String, from: String, lastStep: String, lastNode: String) -> ScenarioError {
    ScenarioError(
      .hopFromWrongNode,
      "\(mention) hops from node '\(from)', but the step before it, \(lastStep), ran on node '\(lastNode)'; put the Hop right after a step on '\(from)'"
    )
  }

  static func nodeWithoutDelegateType(_ mention: String, node: String) -> ScenarioError {
    ScenarioError(
      .nodeWithoutDelegateType,
      "\(mention) hops from node '\(node)', which declares no delegate type; declare it with ChainNode(feature, initialState: …, delegate: EventType.self)"
    )
  }

  static func hopChangesEvent(_ mention: String, action: String, event: String, lastStep: String) -> ScenarioError {
    ScenarioError(
      .hopChangesEvent,
      "\(mention) derived the action \(action), which does not carry the delegate event \(event) that \(lastStep) emitted; linkToNext promises the parent's action holds the event unchanged, as its value or nested inside it (wrap it in a parent case, e.g. { .splash(event: $0) }, or relay it), so pass the event itself rather than a changed copy"
    )
  }

  static func conflictingNodes(_ mention: String, node: String, first: String, second: String) -> ScenarioError {
    ScenarioError(
      .conflictingNodes,
      "\(mention) uses node '\(node)' with the initial state \(second), but the chain already uses '\(node)' starting from \(first); a chain has one node per feature, so reuse the same ChainNode value"
    )
  }

  static func duplicateFixture(_ name: String, first: String, second: String) -> ScenarioError {
    ScenarioError(
      .duplicateFixture,
      "fixture '\(name)' is produced by both \(first) and \(second); rename one scenario or Branch so every fixture name is unique"
    )
  }
}
