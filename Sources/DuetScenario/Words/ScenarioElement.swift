import DuetCore

/// One word of a feature scenario, as the result builder collects it.
public struct ScenarioElement<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  enum Kind: Sendable {
    case given(Given<State>)
    case when(When<Action>)
    case then(Check<State>)
    case thenEffects(Check<[Effect<Payload>]>)
    case context(Chapter<State, Action, Payload>)
    case branch(Chapter<State, Action, Payload>)
  }

  let kind: Kind

  /// How an error message names this word: `When 'increment' (Sources/X.swift:12)`.
  func mention(source: String) -> String {
    switch kind {
    case .given(let given): return "Given (\(source):\(given.line))"
    case .when(let when): return "When '\(when.label)' (\(source):\(when.line))"
    case .then(let then): return "Then '\(then.label)' (\(source):\(then.line))"
    case .thenEffects(let then): return "ThenEffects '\(then.label)' (\(source):\(then.line))"
    case .context(let chapter): return "Context '\(chapter.label)' (\(source):\(chapter.line))"
    case .branch(let chapter): return "Branch '\(chapter.label)' (\(source):\(chapter.line))"
    }
  }
}
