/// What one `reduce` produced: the two byte-gate strings a response carries.
struct ReplayStep: Equatable, Sendable {
  /// The new state in compact canonical form.
  var state: String
  /// The effects, in emission order, in compact canonical form (`[]` when none).
  var effects: String

  init(state: String, effects: String) {
    self.state = state
    self.effects = effects
  }
}
