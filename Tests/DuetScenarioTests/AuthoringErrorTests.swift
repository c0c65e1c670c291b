import DemoFeatures
import DuetCore
import DuetScenario
import XCTest

/// Feature-scenario mistakes and failing checks: each names the word, its label and its line.
final class AuthoringErrorTests: XCTestCase {
  /// Asserts that the scenario `name` of `feature`, written in ``testFile`` as `body`, is refused
  /// with a `kind` error saying exactly `message`.
  func assertRefused<State, Action, Payload>(
    _ name: String, of feature: Feature<State, Action, Payload>, _ kind: ScenarioError.Kind, _ message: String,
    line: UInt = #line,
    @ScenarioBuilder<State, Action, Payload> _ body: () -> [ScenarioElement<State, Action, Payload>]
  ) {
    let scenario = Scenario(name, feature: feature, description: "d", filePath: testFile, body)
    assertScenarioError(kind, message, line: line) { () throws(ScenarioError) in
      try scenario.compile(sourceRoot: testRoot)
    }
  }

  func testAScenarioWithoutGivenIsRefused() {
    assertRefused(
      "no-given", of: counter, .missingGiven,
      "scenario 'no-given' (Sources/App/Scenarios.swift) has no Given; start it with Given(initialState) so its fixtures have an initialState"
    ) {
      When("increment", .increment, line: 4)
    }
  }

  func testAGivenAfterAStepIsRefused() {
    assertRefused(
      "late-given", of: counter, .givenNotFirst,
      "Given (Sources/App/Scenarios.swift:5) is not the first word of scenario 'late-given'; a scenario has exactly one Given, before every other word"
    ) {
      When("increment", .increment, line: 4)
      Given(CounterState(), line: 5)
    }
  }

  func testASecondGivenIsRefused() {
    assertRefused(
      "two-givens", of: counter, .givenNotFirst,
      "Given (Sources/App/Scenarios.swift:6) is not the first word of scenario 'two-givens'; a scenario has exactly one Given, before every other word"
    ) {
      Given(CounterState(), line: 3)
      When("increment", .increment, line: 4)
      Branch("again", line: 5) { Given(CounterState(count: 9), line: 6) }
    }
  }

  func testAStepAfterABranchAtTheSameLevelIsRefused() {
    assertRefused(
      "after-branch", of: counter, .stepAfterBranch,
      "When 'decrement' (Sources/App/Scenarios.swift:7) follows Branch 'up' (Sources/App/Scenarios.swift:4) at the same level; only Branches may follow a Branch, so move it into each Branch or before the first one"
    ) {
      Given(CounterState())
      Branch("up", line: 4) { When("increment", .increment, line: 5) }
      When("decrement", .decrement, line: 7)
    }
  }

  func testAStepAfterAContextThatEndsInBranchesIsRefused() {
    assertRefused(
      "after-context", of: counter, .stepAfterBranch,
      "Then 'anything' (Sources/App/Scenarios.swift:8) follows Context 'choices' (Sources/App/Scenarios.swift:4), which ends in Branches, at the same level; only Branches may follow a Branch, so move it into each Branch or before the first one"
    ) {
      Given(CounterState())
      Context("choices", line: 4) {
        Branch("up", line: 5) { When("increment", .increment, line: 6) }
      }
      Then("anything", line: 8) { _ in true }
    }
  }

  func testSiblingBranchesWithTheSameSlugAreRefused() {
    assertRefused(
      "collide", of: counter, .slugCollision,
      "Branch 'keeps-counting!' (Sources/App/Scenarios.swift:5) and Branch 'Keeps counting' (Sources/App/Scenarios.swift:4) both name their fixture 'keeps-counting'; give sibling Branches labels that differ in letters or digits"
    ) {
      Given(CounterState())
      Branch("Keeps counting", line: 4) { When("increment", .increment) }
      Branch("keeps-counting!", line: 5) { When("increment", .increment) }
    }
  }

  func testABranchLabelWithoutLettersOrDigitsIsRefused() {
    assertRefused(
      "empty-slug", of: counter, .emptySlug,
      "Branch '→' (Sources/App/Scenarios.swift:4) has no letters or digits to name its fixture after; give the Branch a label with words in it"
    ) {
      Given(CounterState())
      Branch("→", line: 4) { When("increment", .increment) }
    }
  }

  func testAPathWithoutStepsIsRefused() {
    assertRefused(
      "idle", of: counter, .noSteps,
      "fixture 'idle.idle' (Sources/App/Scenarios.swift) has no When steps, so its recording would pin nothing; add a When to it"
    ) {
      Given(CounterState())
      Branch("busy") { When("increment", .increment) }
      Branch("idle") { Then("nothing happened") { $0.count == 0 } }
    }
  }

  func testAScenarioNameThatCannotBeAFixtureNameIsRefused() {
    assertRefused(
      "Counter/Main", of: counter, .invalidName,
      "scenario 'Counter/Main' (Sources/App/Scenarios.swift) has a name that cannot be a fixture name; use lower-case letters, digits, '-' and '.' (like 'splash' or 'counter-endings')"
    ) {
      Given(CounterState())
      When("increment", .increment)
    }
  }

  func testAFailingThenNamesItsLabelLineAndTheState() {
    assertRefused(
      "wrong", of: counter, .thenFailed,
      "Then 'the count is two' (Sources/App/Scenarios.swift:5) returned false against the state after step 0 'increment': {\"count\":1,\"isAutoIncrementing\":false}. Nothing was recorded; fix the reducer or the Then, then record again."
    ) {
      Given(CounterState())
      When("increment", .increment, line: 4)
      Then("the count is two", line: 5) { $0.count == 2 }
    }
  }

  func testAFailingThenBeforeAnyStepChecksTheGivenState() {
    assertRefused(
      "wrong-start", of: counter, .thenFailed,
      "Then 'already counting' (Sources/App/Scenarios.swift:4) returned false against the state Given set up: {\"count\":0,\"isAutoIncrementing\":false}. Nothing was recorded; fix the reducer or the Then, then record again."
    ) {
      Given(CounterState())
      Then("already counting", line: 4) { $0.isAutoIncrementing }
      When("increment", .increment)
    }
  }

  func testAFailingThenInsideABranchNamesTheFullStepLabel() {
    assertRefused(
      "branch-wrong", of: counter, .thenFailed,
      "Then 'the tick counted' (Sources/App/Scenarios.swift:6) returned false against the state after step 0 'ticking › tick': {\"count\":0,\"isAutoIncrementing\":false}. Nothing was recorded; fix the reducer or the Then, then record again."
    ) {
      Given(CounterState())
      Branch("ticking") {
        When("tick", .tick, line: 5)
        Then("the tick counted", line: 6) { $0.count == 1 }
      }
    }
  }

  func testAFailingThenEffectsNamesItsLabelLineAndTheEffects() {
    assertRefused(
      "wrong-effects", of: counter, .thenEffectsFailed,
      "ThenEffects 'nothing is emitted' (Sources/App/Scenarios.swift:5) returned false against the effects of step 0 'toggle': [{\"id\":\"counter.ticker\",\"kind\":\"run\",\"payload\":{\"case\":\"startTicker\"}}]. Nothing was recorded; fix the reducer or the ThenEffects, then record again."
    ) {
      Given(CounterState())
      When("toggle", .toggleAutoIncrement, line: 4)
      ThenEffects("nothing is emitted", line: 5) { $0.isEmpty }
    }
  }

  func testThenEffectsBeforeAnyStepIsRefused() {
    assertRefused(
      "early-effects", of: counter, .thenEffectsWithoutStep,
      "ThenEffects 'nothing yet' (Sources/App/Scenarios.swift:4) has no step before it whose effects it could check; put it after a When"
    ) {
      Given(CounterState())
      ThenEffects("nothing yet", line: 4) { $0.isEmpty }
      When("increment", .increment)
    }
  }

  func testAChainWhenInsideAFeatureScenarioIsRefused() {
    assertRefused(
      "mixed", of: ping, .misplacedWord,
      "When 'fire' (Sources/App/Scenarios.swift:4) names a chain node; in a feature scenario, When takes a label and an action"
    ) {
      Given(PingState())
      When(pingNode, "fire", .fire, line: 4)
    }
  }

  func testTwoScenariosProducingTheSameFixtureAreRefused() {
    let first = Scenario("same", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("increment", .increment)
    }
    let second = Scenario("same", feature: counter, description: "d", filePath: "/repo/Sources/App/Other.swift") {
      Given(CounterState())
      When("decrement", .decrement)
    }
    assertScenarioError(
      .duplicateFixture,
      "fixture 'same' is produced by both scenario 'same' (Sources/App/Scenarios.swift) and scenario 'same' (Sources/App/Other.swift); rename one scenario or Branch so every fixture name is unique"
    ) { () throws(ScenarioError) in try Scenario.compile([first, second], sourceRoot: testRoot) }
  }

  func testAStateTheDialectCannotCarryIsRefusedAtItsWhen() {
    assertRefused(
      "float", of: thermostat, .unencodable,
      "the state after the step at When 'warm up' (Sources/App/Scenarios.swift:4) cannot be written as canonical JSON: floating-point values are forbidden in fixture-visible types (a Double or Float at expectedState.celsius); use an integer unit such as millis or cents. Change the type so the dialect can carry it."
    ) {
      Given(ThermostatState())
      When("warm up", .warm, line: 4)
    }
  }
}

/// A feature whose state the dialect cannot carry once it warms up.
struct ThermostatState: Codable, Sendable {
  var celsius: Double?
}

enum ThermostatAction: Sendable, CanonicalSumCodable {
  case warm
}

let thermostat = Feature<ThermostatState, ThermostatAction, Never>("thermostat") { state, _ in
  state.celsius = 21.5
  return []
}
