/// The state a scenario starts from; the first word of every feature scenario.
public struct Given<State: Codable & Sendable>: Sendable {
  let state: State
  let line: Int

  /// `Given(CounterState())`; `line` is captured for error messages.
  public init(_ state: State, line: Int = #line) {
    self.state = state
    self.line = line
  }
}
