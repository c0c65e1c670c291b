/// Collects a feature scenario's words: `Given`, `When`, `Then`, `ThenEffects`, `Context`, `Branch`.
///
/// `if`, `switch` and `for` are allowed, so a scenario can generate steps; what they produce is
/// still one flat list of words per block.
@resultBuilder
public enum ScenarioBuilder<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
> {
  public typealias Element = ScenarioElement<State, Action, Payload>

  public static func buildExpression(_ given: Given<State>) -> [Element] { [Element(kind: .given(given))] }
  public static func buildExpression(_ when: When<Action>) -> [Element] { [Element(kind: .when(when))] }
  public static func buildExpression(_ then: Then<State>) -> [Element] { [Element(kind: .then(then))] }
  public static func buildExpression(_ then: ThenEffects<Payload>) -> [Element] {
    [Element(kind: .thenEffects(then))]
  }
  public static func buildExpression(_ context: Context<State, Action, Payload>) -> [Element] {
    [Element(kind: .context(context))]
  }
  public static func buildExpression(_ branch: Branch<State, Action, Payload>) -> [Element] {
    [Element(kind: .branch(branch))]
  }

  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
  public static func buildEither(first part: [Element]) -> [Element] { part }
  public static func buildEither(second part: [Element]) -> [Element] { part }
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
}
