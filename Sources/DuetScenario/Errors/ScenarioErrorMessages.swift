/// The sentences of every scenario error, in one place so they read alike.
extension ScenarioError {
  static func invalidName(_ name: String, word: String, source: String) -> ScenarioError {
    ScenarioError(
      .invalidName,
      "\(word) '\(name)' (\(source)) has a name that cannot be a fixture name; use lower-case letters, digits, '-' and '.' (like 'splash' or 'counter-endings')"
    )
  }

  static func missingGiven(scenario: String, source: String) -> ScenarioError {
    ScenarioError(
      .missingGiven,
      "scenario '\(scenario)' (\(source)) has no Given; start it with Given(initialState) so its fixtures have an initialState"
    )
  }

  static func givenNotFirst(_ mention: String, scenario: String) -> ScenarioError {
    ScenarioError(
      .givenNotFirst,
      "\(mention) is not the first word of scenario '\(scenario)'; a scenario has exactly one Given, before every other word"
    )
  }

  static func stepAfterBranch(_ mention: String, after branch: String) -> ScenarioError {
    ScenarioError(
      .stepAfterBranch,
      "\(mention) follows \(branch) at the same level; only Branches may follow a Branch, so move it into each Branch or before the first one"
    )
  }

  static func emptySlug(_ mention: String) -> ScenarioError {
    ScenarioError(
      .emptySlug,
      "\(mention) has no letters or digits to name its fixture after; give the Branch a label with words in it")
  }

  static func slugCollision(_ mention: String, other: String, slug: String) -> ScenarioError {
    ScenarioError(
      .slugCollision,
      "\(mention) and \(other) both name their fixture '\(slug)'; give sibling Branches labels that differ in letters or digits"
    )
  }

  static func noSteps(fixture: String, source: String) -> ScenarioError {
    ScenarioError(
      .noSteps,
      "fixture '\(fixture)' (\(source)) has no When steps, so its recording would pin nothing; add a When to it")
  }

  static func misplacedWord(_ mention: String, reason: String) -> ScenarioError {
    ScenarioError(.misplacedWord, "\(mention) \(reason)")
  }

  static func thenFailed(_ mention: String, after step: String, state: String) -> ScenarioError {
    ScenarioError(
      .thenFailed,
      "\(mention) returned false against the state \(step): \(state). Nothing was recorded; fix the reducer or the Then, then record again."
    )
  }

  static func thenEffectsFailed(_ mention: String, after step: String, effects: String) -> ScenarioError {
    ScenarioError(
      .thenEffectsFailed,
      "\(mention) returned false against the effects of \(step): \(effects). Nothing was recorded; fix the reducer or the ThenEffects, then record again."
    )
  }

  static func thenEffectsWithoutStep(_ mention: String) -> ScenarioError {
    ScenarioError(
      .thenEffectsWithoutStep,
      "\(mention) has no step before it whose effects it could check; put it after a When")
  }

  static func unencodable(_ what: String, at mention: String, problem: String) -> ScenarioError {
    ScenarioError(
      .unencodable,
      "\(what) at \(mention) cannot be written as canonical JSON: \(problem). Change the type so the dialect can carry it."
    )
  }

  static func undecodable(_ what: String, at mention: String, problem: String) -> ScenarioError {
    ScenarioError(
      .undecodable,
      "\(what) at \(mention) does not read back through the canonical decoder: \(problem). A replay runner could not decode it either; make the type's coding round-trip."
    )
  }
}
