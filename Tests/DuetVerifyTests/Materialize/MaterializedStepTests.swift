import DuetCore
import XCTest

@testable import DuetVerify

/// The seed of a materialized step is the state recorded before it.
final class MaterializedStepTests: XCTestCase {
  func countTree(_ value: Int64) -> JSONValue { .object(["count": .integer(value)]) }
  func count(_ value: Int64) -> WireText { WireText(countTree(value), what: "state") }
  func tap(_ label: String) -> WireText { WireText(.object(["case": .string(label)]), what: "action") }
  let noEffects = WireText(.array([]), what: "expectedEffects")

  var leaf: FixtureDocument {
    FixtureDocument(
      name: "counter", kind: .leaf, feature: "counter", initialState: count(0),
      steps: (0..<3).map {
        FixtureStep(
          index: $0, action: tap("increment"), expectedState: count(Int64($0) + 1), expectedEffects: noEffects)
      })
  }

  func testLeafStepSeedsThePreviousStepsExpectedState() throws {
    let plan = try MaterializedStep.plan(leaf, file: "fixtures/counter.fixture.json", owner: "counter", step: 2)
    XCTAssertEqual(plan.seed.tree, countTree(2))
    XCTAssertEqual(plan.seedPath, "steps[1].expectedState")
    XCTAssertTrue(plan.replayedBefore.isEmpty)
    XCTAssertEqual(plan.feature, "counter")
  }

  func testLeafStepZeroSeedsTheInitialState() throws {
    let plan = try MaterializedStep.plan(leaf, file: "f", owner: "counter", step: 0)
    XCTAssertEqual(plan.seed.tree, countTree(0))
    XCTAssertEqual(plan.seedPath, "initialState")
  }

  func testChainStepSeedsTheNodeAndReplaysItsEarlierSteps() throws {
    let chain = FixtureDocument(
      name: "chain-ping-pong", kind: .chain, initialStates: ["ping": count(0), "pong": count(10)],
      steps: [
        FixtureStep(index: 0, node: "ping", action: tap("a"), expectedState: nil, expectedEffects: noEffects),
        FixtureStep(index: 1, node: "pong", action: tap("b"), expectedState: nil, expectedEffects: noEffects),
        FixtureStep(index: 2, node: "ping", action: tap("c"), expectedState: nil, expectedEffects: noEffects),
        FixtureStep(index: 3, node: "ping", action: tap("d"), expectedState: nil, expectedEffects: noEffects),
      ])
    let plan = try MaterializedStep.plan(chain, file: "f", owner: nil, step: 3)
    XCTAssertEqual(plan.feature, "ping")
    XCTAssertEqual(plan.seed.tree, countTree(0))
    XCTAssertEqual(plan.seedPath, "initialStates.ping")
    XCTAssertEqual(plan.replayedBefore.map(\.index), [0, 2])
  }

  func testChainStepSeedsTheNodesLatestRecordedState() throws {
    let chain = FixtureDocument(
      name: "chain-x", kind: .chain, initialStates: ["ping": count(0)],
      steps: [
        FixtureStep(index: 0, node: "ping", action: tap("a"), expectedState: count(5), expectedEffects: noEffects),
        FixtureStep(index: 1, node: "ping", action: tap("b"), expectedState: nil, expectedEffects: noEffects),
        FixtureStep(index: 2, node: "ping", action: tap("c"), expectedState: nil, expectedEffects: noEffects),
      ])
    let plan = try MaterializedStep.plan(chain, file: "f", owner: nil, step: 2)
    XCTAssertEqual(plan.seed.tree, countTree(5))
    XCTAssertEqual(plan.seedPath, "steps[0].expectedState")
    XCTAssertEqual(plan.replayedBefore.map(\.index), [1])
  }

  func testAStepPastTheEndIsRefused() {
    XCTAssertThrowsError(try MaterializedStep.plan(leaf, file: "f", owner: "counter", step: 3)) { error in
      XCTAssertEqual(
        (error as? MaterializeError)?.description,
        "duet-verify materialize: 'counter' has 3 steps (0…2); there is no step 3.")
    }
  }
}
