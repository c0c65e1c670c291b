/// One word of a feature scenario, as the result builder collects it.
public struct ScenarioElement<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  enum Kind: Sendable {
    case given(Given<State>)
    case when(When<Action>)
    case then(Then<State>)
    case thenEffects(ThenEffects<Payload>)
    case context(Context<State, Action, Payload>)
    case branch(Branch<State, Action, Payload>)
  }

  let kind: Kind

  /// How an error message names this word: `When 'increment' (Sources/X.swift:12)`.
  func mention(source: String) -> String {
    switch kind {
    case .given(let given): return "Given (\(source):\(given.line))"
    case .when(let when): return "When '\(when.label)' (\(source):\(when.line))"
    case .then(let then): return "Then '\(then.label)' (\(source):\(then.line))"
    case .thenEffects(let then): return "ThenEffects '\(then.label)' (\(source):\(then.line))"
    case .context(let context): return "Context '\(context.label)' (\(source):\(context.line))"
    case .branch(let branch): return "Branch '\(branch.label)' (\(source):\(branch.line))"
    }
  }
}
