import DuetCore

/// A check on the effects the step before it emitted; a `false` stops recording with its label and line.
public struct ThenEffects<Payload: Codable & Sendable & Equatable>: Sendable {
  let check: Check<[Effect<Payload>]>

  /// A feature scenario's check: `ThenEffects("nothing is emitted") { $0.isEmpty }`.
  public init(_ label: String, line: Int = #line, _ check: @escaping @Sendable ([Effect<Payload>]) -> Bool) {
    self.check = Check(label, line: line, check)
  }

  /// A chain scenario's check on the effects of the step just run on `node`.
  public init<State, Action, Delegate>(
    _ node: ChainNode<State, Action, Payload, Delegate>, _ label: String, line: Int = #line,
    _ check: @escaping @Sendable ([Effect<Payload>]) -> Bool
  ) {
    self.check = Check(label, line: line, node: node.erased, decode: node.decodeEffects(_:at:), check)
  }
}
