import DemoFeatures
import DuetCore
import DuetScenario
import XCTest

/// Counter as a chain node: it never emits a delegate event, but declares one to hop from.
let counterNode = ChainNode(counter, initialState: CounterState(), delegate: PingFired.self)

/// Chain-scenario mistakes and failing checks: each names the word, its label and its line.
final class ChainAuthoringErrorTests: XCTestCase {
  /// Asserts that the chain `name`, written in ``testFile`` as `body`, is refused with a `kind`
  /// error saying exactly `message`.
  func assertRefused(
    _ name: String, _ kind: ScenarioError.Kind, _ message: String, line: UInt = #line,
    @ChainBuilder _ body: () -> [ChainElement]
  ) {
    let chain = ChainScenario(name, description: "d", filePath: testFile, body)
    assertScenarioError(kind, message, line: line) { () throws(ScenarioError) in
      try chain.compile(sourceRoot: testRoot)
    }
  }

  func testAHopWithNoStepBeforeItIsRefused() {
    assertRefused(
      "first-hop", .hopWithoutDelegate,
      "Hop 'seam' (Sources/App/Scenarios.swift:3) has no delegate event to carry: there is no step before it. A Hop follows a step on its 'from' node that emits a notifyListener effect."
    ) {
      Hop("seam", from: pingNode, to: pongNode, line: 3) { .pingFired(count: $0.count) }
    }
  }

  func testAHopAfterAStepWithoutNotifyListenerIsRefused() {
    assertRefused(
      "silent", .hopWithoutDelegate,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) has no delegate event to carry: step 0 'increment' (Sources/App/Scenarios.swift:3) emitted no notifyListener effect (its effects: []). A Hop follows a step on its 'from' node that emits a notifyListener effect."
    ) {
      When(counterNode, "increment", .increment, line: 3)
      Hop("seam", from: counterNode, to: pongNode, line: 4) { .pingFired(count: $0.count) }
    }
  }

  func testAHopFromANodeOtherThanTheLastStepsIsRefused() {
    assertRefused(
      "wrong-from", .hopFromWrongNode,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) hops from node 'ping', but the step before it, step 0 'increment' (Sources/App/Scenarios.swift:3), ran on node 'counter'; put the Hop right after a step on 'ping'"
    ) {
      When(counterNode, "increment", .increment, line: 3)
      Hop("seam", from: pingNode, to: pongNode, line: 4) { .pingFired(count: $0.count) }
    }
  }

  func testAHopFromANodeWithoutADelegateTypeIsRefused() {
    assertRefused(
      "no-delegate", .nodeWithoutDelegateType,
      "Hop 'back' (Sources/App/Scenarios.swift:4) hops from node 'pong', which declares no delegate type; declare it with ChainNode(feature, initialState: …, delegate: EventType.self)"
    ) {
      When(pongNode, "hear", .pingFired(count: 1), line: 3)
      // The node declares no delegate type, so the hop's function can never be called.
      Hop("back", from: pongNode, to: pingNode, line: 4, Self.unreachable)
    }
  }

  /// A hop function from a node without a delegate type (its event is `Never`): a closure there
  /// would be code the compiler warns can never run.
  static func unreachable<Action>(_ event: Never) -> Action {}

  func testAHopThatChangesTheEventIsRefused() {
    assertRefused(
      "bent", .hopChangesEvent,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) derived the action {\"case\":\"pingFired\",\"value\":{\"count\":2}}, which does not carry the delegate event {\"count\":1} that step 0 'fire' (Sources/App/Scenarios.swift:3) emitted; linkToNext promises the parent's action holds the event unchanged, as its value or nested inside it (wrap it in a parent case, e.g. { .splash(event: $0) }, or relay it), so pass the event itself rather than a changed copy"
    ) {
      When(pingNode, "fire", .fire, line: 3)
      Hop("seam", from: pingNode, to: pongNode, line: 4) { .pingFired(count: $0.count + 1) }
    }
  }

  func testAWhenWithoutANodeIsRefused() {
    assertRefused(
      "anonymous", .misplacedWord,
      "When 'fire' (Sources/App/Scenarios.swift:3) names no node; in a chain scenario every When names the node that receives it: When(node, label, action)"
    ) {
      When("fire", PingAction.fire, line: 3)
    }
  }

  func testTwoNodesOfOneFeatureWithDifferentStartsAreRefused() {
    let other = ChainNode(ping, initialState: PingState(sent: 5), delegate: PingFired.self)
    assertRefused(
      "twins", .conflictingNodes,
      "When 'fire' (Sources/App/Scenarios.swift:4) uses node 'ping' with the initial state {\"sent\":5}, but the chain already uses 'ping' starting from {\"sent\":0}; a chain has one node per feature, so reuse the same ChainNode value"
    ) {
      When(pingNode, "fire", .fire, line: 3)
      When(other, "fire", .fire, line: 4)
    }
  }

  func testAFailingThenOnANodeNamesTheNodeAndItsState() {
    assertRefused(
      "unheard", .thenFailed,
      "Then 'pong heard it' (Sources/App/Scenarios.swift:4) returned false against the state of node 'pong' after step 0 'fire' (Sources/App/Scenarios.swift:3): {\"received\":0}. Nothing was recorded; fix the reducer or the Then, then record again."
    ) {
      When(pingNode, "fire", .fire, line: 3)
      Then(pongNode, "pong heard it", line: 4) { $0.received == 1 }
    }
  }

  func testAFailingThenEffectsOnANodeNamesTheEffects() {
    assertRefused(
      "quiet", .thenEffectsFailed,
      "ThenEffects 'ping says nothing' (Sources/App/Scenarios.swift:4) returned false against the effects of step 0 'fire' (Sources/App/Scenarios.swift:3): [{\"kind\":\"run\",\"payload\":{\"case\":\"notifyListener\",\"value\":{\"count\":1}}}]. Nothing was recorded; fix the reducer or the ThenEffects, then record again."
    ) {
      When(pingNode, "fire", .fire, line: 3)
      ThenEffects(pingNode, "ping says nothing", line: 4) { $0.isEmpty }
    }
  }

  func testThenEffectsOnANodeOtherThanTheLastStepsIsRefused() {
    assertRefused(
      "elsewhere", .misplacedWord,
      "ThenEffects 'pong says nothing' (Sources/App/Scenarios.swift:4) checks node 'pong', but the step before it, step 0 'fire' (Sources/App/Scenarios.swift:3), ran on node 'ping'; put it right after a step on 'pong'"
    ) {
      When(pingNode, "fire", .fire, line: 3)
      ThenEffects(pongNode, "pong says nothing", line: 4) { $0.isEmpty }
    }
  }

  func testAChainWithoutStepsIsRefused() {
    assertRefused(
      "empty", .noSteps,
      "fixture 'chain-empty' (Sources/App/Scenarios.swift) has no When steps, so its recording would pin nothing; add a When to it"
    ) {
      Then(pingNode, "nothing fired") { $0.sent == 0 }
    }
  }
}
