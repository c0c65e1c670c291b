/// A chapter of a scenario: its label prefixes the labels of the steps inside (`delegates › apply`).
///
/// A Context groups steps for the reader and for failure reports; it does not fork the scenario
/// and adds nothing to fixture names (that is what ``Branch`` does).
public struct Context<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  let chapter: Chapter<State, Action, Payload>

  /// `Context("by hand") { When(…) … }`; `line` is captured for error messages.
  public init(
    _ label: String, line: Int = #line,
    @ScenarioBuilder<State, Action, Payload> _ body: () -> [ScenarioElement<State, Action, Payload>]
  ) {
    chapter = Chapter(label: label, line: line, body: body())
  }
}
