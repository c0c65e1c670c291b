/// Collects a feature scenario's words: `Given`, `When`, `Then`, `ThenEffects`, `Context`, `Branch`.
///
/// `if`, `switch` and `for` are allowed, so a scenario can generate steps; what they produce is
/// still one flat list of words per block.
@resultBuilder
public enum ScenarioBuilder<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
> {
  /// What every word becomes: a flat list per block.
  public typealias Element = ScenarioElement<State, Action, Payload>

  /// `Given(state)`.
  public static func buildExpression(_ given: Given<State>) -> [Element] { [Element(kind: .given(given))] }
  /// `When(label, action)`.
  public static func buildExpression(_ when: When<Action>) -> [Element] { [Element(kind: .when(when))] }
  /// `Then(label) { state in … }`.
  public static func buildExpression(_ then: Then<State>) -> [Element] { [Element(kind: .then(then.check))] }
  /// `ThenEffects(label) { effects in … }`.
  public static func buildExpression(_ then: ThenEffects<Payload>) -> [Element] {
    [Element(kind: .thenEffects(then.check))]
  }
  /// `Context(label) { … }`.
  public static func buildExpression(_ context: Context<State, Action, Payload>) -> [Element] {
    [Element(kind: .context(context.chapter))]
  }
  /// `Branch(label) { … }`.
  public static func buildExpression(_ branch: Branch<State, Action, Payload>) -> [Element] {
    [Element(kind: .branch(branch.chapter))]
  }

  /// Concatenates a block's words in order.
  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
  /// An `if` without `else`: its words, or none.
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
  /// The taken side of an `if`/`else` or `switch`.
  public static func buildEither(first part: [Element]) -> [Element] { part }
  /// The taken side of an `if`/`else` or `switch`.
  public static func buildEither(second part: [Element]) -> [Element] { part }
  /// A `for` loop: every iteration's words, in order.
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
}
