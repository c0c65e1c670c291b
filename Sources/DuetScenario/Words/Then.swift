import DuetCore

/// A check on the state after the steps before it; a `false` stops recording with its label and line.
///
/// Thens never reach a fixture: the recording pins the whole state anyway. They make the scenario
/// say what matters, and they stop a wrong reducer from being recorded as the truth.
public struct Then<State: Codable & Sendable>: Sendable {
  let check: Check<State>

  /// A feature scenario's check: `Then("the count is one") { $0.count == 1 }`.
  public init(_ label: String, line: Int = #line, _ check: @escaping @Sendable (State) -> Bool) {
    self.check = Check(label, line: line, check)
  }

  /// A chain scenario's check on `node`'s current state.
  public init<Action, Payload, Delegate>(
    _ node: ChainNode<State, Action, Payload, Delegate>, _ label: String, line: Int = #line,
    _ check: @escaping @Sendable (State) -> Bool
  ) {
    self.check = Check(label, line: line, node: node.erased, decode: node.decodeState(_:at:), check)
  }
}
