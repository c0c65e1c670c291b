import DemoFeatures
import DuetCore
import DuetScenario
import XCTest

/// A parent that receives ping's event the way real Duet parents do: wrapped in a labelled case.
private enum HubAction: Equatable, Sendable, CanonicalSumCodable {
  case ping(event: PingFired)
}

private struct HubState: Equatable, Codable, Sendable {
  var heard: Int = 0
}

private enum HubEffect: Equatable, Sendable, CanonicalSumCodable {
  case noop
}

private func hubReducer(_ state: inout HubState, _ action: HubAction) -> [Effect<HubEffect>] {
  switch action {
  case .ping(let event): state.heard = event.count
  }
  return []
}

private let hub = Feature("hub", reducer: hubReducer)

private let hubNode = ChainNode(hub, initialState: HubState())

/// `Hop` takes any mapping from the delegate to the parent's action (Kotlin's
/// `hop { event -> RootAction.Splash(event) }`); the action must embed the event unchanged.
final class WrappingHopTests: XCTestCase {
  func testAHopWrappingTheEventInALabelledCaseRecordsTheDerivedActionAndLinkToNext() throws {
    let chain = ChainScenario("wrapped", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      Hop("seam", from: pingNode, to: hubNode, line: 4) { .ping(event: $0) }
      Then(hubNode, "the hub heard it", line: 5) { $0.heard == 1 }
    }
    let document = try chain.compile(sourceRoot: testRoot).document
    let steps = try XCTUnwrap(document["steps"]?.arrayValue)
    XCTAssertEqual(steps[0]["linkToNext"], .bool(true))
    XCTAssertEqual(
      try CanonicalWriter.compact(try XCTUnwrap(steps[1]["action"])),
      #"{"case":"ping","value":{"event":{"count":1}}}"#)
    XCTAssertEqual(steps[1]["node"], .string("hub"))
  }

  func testAHopWhoseActionDoesNotEmbedTheEventIsRefusedWithLabelAndLine() {
    let chain = ChainScenario("bent", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
      Hop("seam", from: pingNode, to: hubNode, line: 4) { .ping(event: PingFired(count: $0.count + 1)) }
    }
    assertScenarioError(
      .hopChangesEvent,
      "Hop 'seam' (Sources/App/Scenarios.swift:4) derived the action {\"case\":\"ping\",\"value\":{\"event\":{\"count\":2}}}, which does not carry the delegate event {\"count\":1} that step 0 'fire' (Sources/App/Scenarios.swift:3) emitted; linkToNext promises the parent's action holds the event unchanged, as its value or nested inside it (wrap it in a parent case, e.g. { .splash(event: $0) }, or relay it), so pass the event itself rather than a changed copy"
    ) { () throws(ScenarioError) in try chain.compile(sourceRoot: testRoot) }
  }

  func testAChainMayBeRecordedUnderItsOwnNameWithoutTheChainPrefix() throws {
    let chain = ChainScenario("wave", fixtureName: "greeter.wave", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 3)
    }
    XCTAssertEqual(try chain.compile(sourceRoot: testRoot).name, "greeter.wave")
    XCTAssertEqual(ChainScenario("wave", description: "d") { When(pingNode, "fire", .fire) }.fixtureName, "chain-wave")
  }
}
