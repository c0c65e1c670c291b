import DemoFeatures
import DuetCore
import DuetScenario
import XCTest

/// Counter as a chain node: it never emits a delegate event, but declares one to hop from.
let counterNode = ChainNode(counter, initialState: CounterState(), delegate: PingFired.self)

/// Chain-scenario mistakes and failing checks: each names the word, its label and its line.
final class ChainAuthoringErrorTests: XCTestCase {
  func compile(_ chain: ChainScenario) throws(ScenarioError) -> CompiledFixture {
    try chain.compile(sourceRoot: testRoot)
  }

  func testAHopWithNoStepBeforeItIsRefused() {
    let chain = ChainScenario("first-hop", description: "d", filePath: testFile) {
      Hop("seam", from: pingNode, to: pongNode, line: 3) { .pingFired(count: $0.count) }
    }
    assertScenarioError(
      .hopWithoutDelegate,
      "Hop 'seam' (Sources/App/Scenarios.swift:3) has no delegate event to carry: there is no step before it. A Hop follows a step on its 'from' node that emits a notifyListener effect."
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAHopAfterAStepWithoutNotifyListenerIsRefused() {
    let chain = ChainScenario("silent", description: "d", filePath: testFile) {
      When(counterNode, "increment", .increment, line: 3)
      Hop("seam", from: counterNode, to: pongNode, line: 4) { .pingFired(count: $0.count) }
    }
    assertScenarioError(
      .hopWithoutDelegate,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) has no delegate event to carry: step 0 'increment' (Sources/App/Scenarios.swift:3) emitted no notifyListener effect (its effects: []). A Hop follows a step on its 'from' node that emits a notifyListener effect."
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAHopFromANodeOtherThanTheLastStepsIsRefused() {
    let chain = ChainScenario("wrong-from", description: "d", filePath: testFile) {
      When(counterNode, "increment", .increment, line: 3)
      Hop("seam", from: pingNode, to: pongNode, line: 4) { .pingFired(count: $0.count) }
    }
    assertScenarioError(
      .hopFromWrongNode,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) hops from node 'ping', but the step before it, step 0 'increment' (Sources/App/Scenarios.swift:3), ran on node 'counter'; put the Hop right after a step on 'ping'"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAHopFromANodeWithoutADelegateTypeIsRefused() {
    let chain = ChainScenario("no-delegate", description: "d", filePath: testFile) {
      When(pongNode, "hear", .pingFired(count: 1), line: 3)
      Hop("back", from: pongNode, to: pingNode, line: 4) { _ in .fire }
    }
    assertScenarioError(
      .nodeWithoutDelegateType,
      "Hop 'back' (Sources/App/Scenarios.swift:4) hops from node 'pong', which declares no delegate type; declare it with ChainNode(feature, initialState: …, delegate: EventType.self)"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAHopThatChangesTheEventIsRefused() {
    let chain = ChainScenario("bent", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      Hop("seam", from: pingNode, to: pongNode, line: 4) { .pingFired(count: $0.count + 1) }
    }
    assertScenarioError(
      .hopChangesEvent,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) derived the action {\"case\":\"pingFired\",\"value\":{\"count\":2}}, which does not carry the delegate event {\"count\":1} that step 0 'fire' (Sources/App/Scenarios.swift:3) emitted; linkToNext promises the parent's action holds the event unchanged, as its value or nested inside it (wrap it in a parent case, e.g. { .splash(event: $0) }, or relay it), so pass the event itself rather than a changed copy"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAWhenWithoutANodeIsRefused() {
    let chain = ChainScenario("anonymous", description: "d", filePath: testFile) {
      When("fire", PingAction.fire, line: 3)
    }
    assertScenarioError(
      .misplacedWord,
      "When 'fire' (Sources/App/Scenarios.swift:3) names no node; in a chain scenario every When names the node that receives it: When(node, label, action)"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testTwoNodesOfOneFeatureWithDifferentStartsAreRefused() {
    let other = ChainNode(ping, initialState: PingState(sent: 5), delegate: PingFired.self)
    let chain = ChainScenario("twins", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      When(other, "fire", .fire, line: 4)
    }
    assertScenarioError(
      .conflictingNodes,
      "When 'fire' (Sources/App/Scenarios.swift:4) uses node 'ping' with the initial state {\"sent\":5}, but the chain already uses 'ping' starting from {\"sent\":0}; a chain has one node per feature, so reuse the same ChainNode value"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAFailingThenOnANodeNamesTheNodeAndItsState() {
    let chain = ChainScenario("unheard", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      Then(pongNode, "pong heard it", line: 4) { $0.received == 1 }
    }
    assertScenarioError(
      .thenFailed,
      "Then 'pong heard it' (Sources/App/Scenarios.swift:4) returned false against the state of node 'pong' after step 0 'fire' (Sources/App/Scenarios.swift:3): {\"received\":0}. Nothing was recorded; fix the reducer or the Then, then record again."
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAFailingThenEffectsOnANodeNamesTheEffects() {
    let chain = ChainScenario("quiet", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      ThenEffects(pingNode, "ping says nothing", line: 4) { $0.isEmpty }
    }
    assertScenarioError(
      .thenEffectsFailed,
      "ThenEffects 'ping says nothing' (Sources/App/Scenarios.swift:4) returned false against the effects of step 0 'fire' (Sources/App/Scenarios.swift:3): [{\"kind\":\"run\",\"payload\":{\"case\":\"notifyListener\",\"value\":{\"count\":1}}}]. Nothing was recorded; fix the reducer or the ThenEffects, then record again."
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testThenEffectsOnANodeOtherThanTheLastStepsIsRefused() {
    let chain = ChainScenario("elsewhere", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      ThenEffects(pongNode, "pong says nothing", line: 4) { $0.isEmpty }
    }
    assertScenarioError(
      .misplacedWord,
      "ThenEffects 'pong says nothing' (Sources/App/Scenarios.swift:4) checks node 'pong', but the step before it, step 0 'fire' (Sources/App/Scenarios.swift:3), ran on node 'ping'; put it right after a step on 'pong'"
    ) { () throws(ScenarioError) in try compile(chain) }
  }

  func testAChainWithoutStepsIsRefused() {
    let chain = ChainScenario("empty", description: "d", filePath: testFile) {
      Then(pingNode, "nothing fired") { $0.sent == 0 }
    }
    assertScenarioError(
      .noSteps,
      "fixture 'chain-empty' (Sources/App/Scenarios.swift) has no When steps, so its recording would pin nothing; add a When to it"
    ) { () throws(ScenarioError) in try compile(chain) }
  }
}
