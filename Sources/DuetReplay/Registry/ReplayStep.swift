/// What one `reduce` produced: the two byte-gate strings a response carries.
public struct ReplayStep: Equatable, Sendable {
  /// The new state in compact canonical form.
  public var state: String
  /// The effects, in emission order, in compact canonical form (`[]` when none).
  public var effects: String

  public init(state: String, effects: String) {
    self.state = state
    self.effects = effects
  }
}
