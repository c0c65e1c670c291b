import DemoFeatures
import DuetCore
import DuetScenario
import Foundation
import TestSupport
import XCTest

/// Chain scenarios → chain fixture documents, byte for byte.
final class ChainScenarioCompilationTests: XCTestCase {
  /// `Tests/Fixtures/scenarios`: documents these chains compile to, byte for byte.
  let goldens = SharedReference.repositoryRoot.appendingPathComponent("Tests/Fixtures/scenarios")

  func testAHopCarriesTheDelegateEventAndLinksThePreviousStep() throws {
    let chain = ChainScenario("seam", description: "The seam.", filePath: testFile) {
      When(pingNode, "fire", .fire, line: 10)
      Hop("the seam", from: pingNode, to: pongNode, line: 11) { .pingFired(count: $0.count) }
      When(pingNode, "fire again", .fire, line: 12)
    }
    let fixture = try chain.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixture.name, "chain-seam")
    XCTAssertEqual(
      try CanonicalWriter.pretty(fixture.document),
      try String(contentsOf: goldens.appendingPathComponent("chain-seam.fixture.json"), encoding: .utf8))
  }

  func testTheChainPrefixIsOptionalInTheName() {
    let chain = ChainScenario("chain-seam", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire)
    }
    XCTAssertEqual(chain.name, "seam")
    XCTAssertEqual(chain.fixtureName, "chain-seam")
  }

  func testEveryNodeTheChainTouchesHasAnInitialState() throws {
    let chain = ChainScenario("touch", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire)
      Then(pongNode, "pong has heard nothing") { $0.received == 0 }
    }
    XCTAssertEqual(chain.nodeNames, ["ping", "pong"])
    let fixture = try chain.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixture.document["initialStates"]?.objectValue?.keys.sorted(), ["ping", "pong"])
  }

  func testEachNodeKeepsItsOwnStateAcrossSteps() throws {
    let chain = ChainScenario("twice", description: "d", filePath: testFile) {
      When(pingNode, "fire", .fire)
      Hop("seam", from: pingNode, to: pongNode) { .pingFired(count: $0.count) }
      When(pingNode, "fire", .fire)
      Hop("seam again", from: pingNode, to: pongNode) { .pingFired(count: $0.count) }
      Then(pongNode, "pong heard the second count") { $0.received == 2 }
      Then(pingNode, "ping fired twice") { $0.sent == 2 }
    }
    let steps = try chain.compile(sourceRoot: testRoot).document["steps"]?.arrayValue ?? []
    XCTAssertEqual(steps.map { $0["linkToNext"] }, [.bool(true), nil, .bool(true), nil])
    XCTAssertEqual(steps[3]["action"]?["value"], .object(["count": .integer(2)]))
  }

  func testChainFixturesCarryNoFeatureAndNoExpectedState() throws {
    let fixture = try pingPongChain.compile(sourceRoot: testRoot)
    XCTAssertNil(fixture.document["feature"])
    for step in fixture.document["steps"]?.arrayValue ?? [] { XCTAssertNil(step["expectedState"]) }
  }
}
