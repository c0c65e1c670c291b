/// An alternate ending: every root-to-leaf path through the Branches of a scenario is one fixture.
///
/// Branches share the steps before them and always all run. The label's slug extends the fixture
/// name (`counter-endings.keeps-counting`) and the label prefixes the labels of its steps. Only
/// Branches may follow a Branch at the same level.
public struct Branch<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  let chapter: Chapter<State, Action, Payload>

  /// `Branch("keeps counting") { When(…) … }`; `line` is captured for error messages.
  public init(
    _ label: String, line: Int = #line,
    @ScenarioBuilder<State, Action, Payload> _ body: () -> [ScenarioElement<State, Action, Payload>]
  ) {
    chapter = Chapter(label: label, line: line, body: body())
  }
}
