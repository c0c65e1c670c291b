import DemoFeatures
import DuetCore
import DuetReplay
import DuetScenario
import XCTest

/// A scenario whose Then fails while compiling.
let brokenCounterScenario = Scenario(
  "broken", feature: counter, description: "d", filePath: "/repo/Sources/App/Broken.swift"
) {
  Given(CounterState())
  When("increment", .increment, line: 7)
  Then("the count is still zero", line: 8) { $0.count == 0 }
}

/// The additive `scenarios` op: compile in-process, answer with the documents.
final class ScenariosOpTests: XCTestCase {
  let root = SourceRoot(currentDirectory: "/work/wt") { _ in false }

  func reply(_ registry: ReplayRegistry, _ line: String) throws -> JSONValue {
    guard case .line(let text) = ReplayServer(registry: registry, sourceRoot: root).respond(to: Array(line.utf8)) else {
      // The server must answer every scenarios request with one line: no line is a failure, not a skip.
      struct NoReplyLine: Error, CustomStringConvertible {
        let request: String
        var description: String { "the server wrote no reply line to \(request)" }
      }
      throw NoReplyLine(request: line)
    }
    return try JSONParser().parse(text)
  }

  func testAFeaturesScenariosAnswerWithEveryFixtureInOrder() throws {
    let response = try reply(demoRegistry, #"{"op":"scenarios","feature":"counter"}"#)
    let fixtures = try XCTUnwrap(response["fixtures"]?.arrayValue)
    XCTAssertEqual(
      fixtures.map { $0["name"]?.stringValue },
      ["counter", "counter-endings.keeps-counting", "counter-endings.changes-its-mind"])
    XCTAssertEqual(fixtures[0]["document"]?["dialect"], .integer(2))
    XCTAssertEqual(
      fixtures[0]["document"], try counterScenario.compile(sourceRoot: root).first?.document)
  }

  func testAChainAnswersWithItsOneFixture() throws {
    let response = try reply(demoRegistry, #"{"op":"scenarios","chain":"chain-ping-pong"}"#)
    XCTAssertEqual(response["fixtures"]?.arrayValue?.map { $0["name"]?.stringValue }, ["chain-ping-pong"])
  }

  func testAFeatureWithoutScenariosAnswersAnEmptyList() throws {
    XCTAssertEqual(try reply(demoRegistry, #"{"op":"scenarios","feature":"ping"}"#), .object(["fixtures": .array([])]))
  }

  func testAnUnknownFeatureIsNamed() throws {
    XCTAssertEqual(
      try reply(demoRegistry, #"{"op":"scenarios","feature":"splash"}"#),
      .object(["error": .string("unknown feature 'splash'")]))
  }

  func testAnUnknownChainIsNamed() throws {
    XCTAssertEqual(
      try reply(demoRegistry, #"{"op":"scenarios","chain":"chain-nope"}"#),
      .object(["error": .string("unknown chain 'chain-nope'")]))
  }

  func testAFailingThenIsAnErrorWithItsLabelAndLine() throws {
    let registry = ReplayRegistry([ReplayFeature.entry(counter, scenarios: [brokenCounterScenario])])
    XCTAssertEqual(
      try reply(registry, #"{"op":"scenarios","feature":"counter"}"#)["error"]?.stringValue,
      "Then 'the count is still zero' (/repo/Sources/App/Broken.swift:8) returned false against the state after step 0 'increment': {\"count\":1,\"isAutoIncrementing\":false}. Nothing was recorded; fix the reducer or the Then, then record again."
    )
  }

  func testAScenarioRegisteredUnderAnotherFeatureIsAProblem() {
    let other = Feature("tally", reducer: counterReducer)
    let registry = ReplayRegistry([ReplayFeature.entry(other, scenarios: [counterScenario])])
    XCTAssertEqual(
      registry.problems.map(\.description),
      [
        "scenario 'counter' is written for feature 'counter' but registered under 'tally'; register it with the entry of 'counter'"
      ])
  }

  func testAChainOverAnUnservedNodeIsAProblem() {
    let registry = ReplayRegistry([ReplayFeature.entry(ping)], chains: [pingPongChain])
    XCTAssertEqual(
      registry.problems.map(\.description),
      [
        "chain 'chain-ping-pong' uses node 'pong', which no entry of the registry serves; register feature 'pong' too, or the verifier cannot replay the chain"
      ])
  }

  func testAChainRegisteredTwiceIsAProblem() {
    let registry = ReplayRegistry(
      [ReplayFeature.entry(ping), ReplayFeature.entry(pong)], chains: [pingPongChain, pingPongChain])
    XCTAssertEqual(
      registry.problems.map(\.description),
      [
        "chain 'chain-ping-pong' is registered 2 times; each chain name may appear once in a ReplayRegistry, so remove or rename the extra ones"
      ])
  }

  func testTheDemoRegistryHasNoProblems() throws {
    try demoRegistry.validate()
    XCTAssertEqual(demoRegistry.chainNames, ["chain-ping-pong"])
  }
}
