import DuetCore

/// One word of a chain scenario, as the result builder collects it.
public struct ChainElement: Sendable {
  enum Kind: Sendable {
    case when(label: String, line: Int, move: ChainMove?)
    case hop(Hop)
    case then(
      label: String, line: Int, node: ErasedNode?, check: (@Sendable (JSONValue, Site) throws(ScenarioError) -> Bool)?)
    case thenEffects(
      label: String, line: Int, node: ErasedNode?, check: (@Sendable (JSONValue, Site) throws(ScenarioError) -> Bool)?)
  }

  let kind: Kind

  func site(source: String) -> Site {
    switch kind {
    case .when(let label, let line, _): return Site(word: "When", label: label, line: line, source: source)
    case .hop(let hop): return Site(word: "Hop", label: hop.label, line: hop.line, source: source)
    case .then(let label, let line, _, _): return Site(word: "Then", label: label, line: line, source: source)
    case .thenEffects(let label, let line, _, _):
      return Site(word: "ThenEffects", label: label, line: line, source: source)
    }
  }
}

/// Collects a chain scenario's words: `When(node, …)`, `Hop(…)`, `Then(node, …)`, `ThenEffects(node, …)`.
@resultBuilder
public enum ChainBuilder {
  /// `When(node, label, action)`.
  public static func buildExpression<Action>(_ when: When<Action>) -> [ChainElement] {
    [ChainElement(kind: .when(label: when.label, line: when.line, move: when.move))]
  }
  /// `Hop(label, from:, to:) { event in action }`.
  public static func buildExpression(_ hop: Hop) -> [ChainElement] { [ChainElement(kind: .hop(hop))] }
  /// `Then(node, label) { state in … }`.
  public static func buildExpression<State>(_ then: Then<State>) -> [ChainElement] {
    [
      ChainElement(
        kind: .then(label: then.check.label, line: then.check.line, node: then.check.node, check: then.check.chainCheck)
      )
    ]
  }
  /// `ThenEffects(node, label) { effects in … }`.
  public static func buildExpression<Payload>(_ then: ThenEffects<Payload>) -> [ChainElement] {
    [
      ChainElement(
        kind: .thenEffects(
          label: then.check.label, line: then.check.line, node: then.check.node, check: then.check.chainCheck))
    ]
  }

  /// Concatenates a block's words in order.
  public static func buildBlock(_ parts: [ChainElement]...) -> [ChainElement] { parts.flatMap { $0 } }
  /// An `if` without `else`: its words, or none.
  public static func buildOptional(_ part: [ChainElement]?) -> [ChainElement] { part ?? [] }
  /// The taken side of an `if`/`else` or `switch`.
  public static func buildEither(first part: [ChainElement]) -> [ChainElement] { part }
  /// The taken side of an `if`/`else` or `switch`.
  public static func buildEither(second part: [ChainElement]) -> [ChainElement] { part }
  /// A `for` loop: every iteration's words, in order.
  public static func buildArray(_ parts: [[ChainElement]]) -> [ChainElement] { parts.flatMap { $0 } }
}
