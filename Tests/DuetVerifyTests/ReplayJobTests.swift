import DuetCore
import DuetRunner
import Foundation
import XCTest

@testable import DuetVerify

/// Replay semantics (docs/recording.md) against an in-memory runner: seed, reduce, byte-compare, thread
/// the actual state, stop at the first failure, check the chain seam. Each recording runs as
/// `verify` runs it: a `ReplayJob` judging the runner's reply lines, driven by `RunnerPool.run`.
final class ReplayJobTests: XCTestCase {
  func document(_ tree: JSONValue, name: String = "counter") throws -> FixtureDocument {
    guard case .success(let loaded) = try storeWith(tree, name: name).load(name) else {
      XCTFail("fixture did not load")
      throw XCTSkip("unloadable")
    }
    return loaded
  }

  var folder: TemporaryFolder?

  override func tearDown() {
    // XCTest keeps test case objects alive for the whole run; drop the folder so it is removed now.
    folder = nil
    super.tearDown()
  }

  func storeWith(_ tree: JSONValue, name: String) throws -> FixtureStore {
    let folder = try TemporaryFolder()
    self.folder = folder
    try folder.write("fixtures/\(name).fixture.json", try CanonicalWriter.pretty(tree))
    return FixtureStore(location: ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml")))
  }

  /// One replay's settled result, and whether the runner was lost (the pool would replace it).
  struct Outcome {
    var result: FixtureResult
    var runnerLost: Bool
  }

  /// The results a job delivered.
  final class Delivered: @unchecked Sendable {
    let lock = NSLock()
    var results: [FixtureResult] = []
    func append(_ result: FixtureResult) { lock.withLock { results.append(result) } }
  }

  func replay(
    _ tree: JSONValue, name: String = "counter", owner: String? = "counter", listsPassedSteps: Bool = true,
    connection: FakeConnection
  ) throws -> Outcome {
    let document = try document(tree, name: name)
    let delivered = Delivered()
    let job = ReplayJob(
      ReplayConversation(document: document, owner: owner, listsPassedSteps: listsPassedSteps),
      deliver: delivered.append,
      notRun: { ReplayConversation.emptyResult(document: document, owner: owner) })
    let lost = RunnerPool.run(job, on: connection)
    XCTAssertEqual(delivered.results.count, 1, "a replay delivers exactly one result")
    return Outcome(result: try XCTUnwrap(delivered.results.first), runnerLost: lost != nil)
  }

  func testAMatchingRecordingPasses() throws {
    let outcome = try replay(FixtureText.counterTree(), connection: FakeConnection())
    XCTAssertNil(outcome.result.failure)
    XCTAssertEqual(outcome.result.steps.map(\.passed), [true, true])
    XCTAssertFalse(outcome.runnerLost)
  }

  func testTheActualStateIsThreadedIntoTheNextRequest() throws {
    let connection = FakeConnection()
    _ = try replay(FixtureText.counterTree(), connection: connection)
    XCTAssertEqual(
      connection.requests.map(\.state),
      ["{\"count\":0,\"isAutoIncrementing\":false}", "{\"count\":1,\"isAutoIncrementing\":false}"])
    XCTAssertEqual(connection.requests.map(\.feature), ["counter", "counter"])
  }

  func testAStateDivergenceNamesTheFirstPathAndStops() throws {
    let outcome = try replay(FixtureText.counterTree(secondCount: 5), connection: FakeConnection())
    XCTAssertEqual(
      outcome.result.failure,
      FixtureFailure(
        reason: .stateDiverged, step: 1, label: "increment again", line: 11,
        divergence: Divergence(path: "expectedState.count", expected: "5", actual: "2"),
        action: "{\"case\":\"increment\"}",
        diff: ["  {", "-   \"count\": 5,", "+   \"count\": 2,", "    \"isAutoIncrementing\": false", "  }"]))
    XCTAssertEqual(outcome.result.steps.map(\.passed), [true, false])
  }

  func testTheReplayStopsAtTheFirstDivergence() throws {
    var tree = FixtureText.counterTree()
    tree = replacingStep(0, in: tree) { step in
      var fields = step.objectValue ?? [:]
      fields["expectedState"] = FixtureText.counterState(9)
      return .object(fields)
    }
    let connection = FakeConnection()
    let outcome = try replay(tree, connection: connection)
    XCTAssertEqual(outcome.result.failure?.step, 0)
    XCTAssertEqual(connection.requests.count, 1)
  }

  func testAnExtraEffectDivergesAtTheMissingExpectedElement() throws {
    let connection = FakeConnection { _, _, _ throws(RunnerFault) in
      .answer(
        state: "{\"count\":1,\"isAutoIncrementing\":false}",
        effects: "[{\"id\":\"x\",\"kind\":\"cancel\"}]")
    }
    let outcome = try replay(FixtureText.counterTree(), connection: connection)
    XCTAssertEqual(
      outcome.result.failure?.divergence,
      Divergence(path: "expectedEffects[0]", expected: "∅", actual: "{\"id\":\"x\",\"kind\":\"cancel\"}"))
    XCTAssertEqual(outcome.result.failure?.reason, .effectsDiverged)
  }

  func testAMissingEffectDivergesWithAnEmptyActualSide() throws {
    let tree = replacingStep(0, in: FixtureText.counterTree()) { step in
      var fields = step.objectValue ?? [:]
      fields["expectedEffects"] = .array([.object(["id": .string("t"), "kind": .string("cancel")])])
      return .object(fields)
    }
    let outcome = try replay(tree, connection: FakeConnection())
    XCTAssertEqual(
      outcome.result.failure?.divergence,
      Divergence(path: "expectedEffects[0]", expected: "{\"id\":\"t\",\"kind\":\"cancel\"}", actual: "∅"))
  }

  func testALeafComparesStateBeforeEffects() throws {
    let connection = FakeConnection { _, _, _ throws(RunnerFault) in
      .answer(state: "{\"count\":7,\"isAutoIncrementing\":false}", effects: "[1]")
    }
    XCTAssertEqual(try replay(FixtureText.counterTree(), connection: connection).result.failure?.reason, .stateDiverged)
  }

  func testSameValueInNonCanonicalBytesStillFailsTheByteGate() throws {
    let connection = FakeConnection { _, _, _ throws(RunnerFault) in
      .answer(state: "{\"isAutoIncrementing\":false,\"count\":1}", effects: "[]")
    }
    let failure = try replay(FixtureText.counterTree(), connection: connection).result.failure
    XCTAssertEqual(failure?.reason, .stateDiverged)
    XCTAssertEqual(failure?.divergence?.path, "expectedState")
    XCTAssertEqual(
      failure?.detail,
      "same value, different bytes: the runner's string is not in canonical compact form, and the gate compares bytes")
  }

  func testARunnerErrorFailsTheFixtureButKeepsTheRunner() throws {
    let connection = FakeConnection { _, _, _ throws(RunnerFault) in .refused("unknown feature 'counter'") }
    let outcome = try replay(FixtureText.counterTree(), connection: connection)
    XCTAssertEqual(outcome.result.failure?.reason, .runnerError)
    XCTAssertEqual(outcome.result.failure?.detail, "runner said: unknown feature 'counter'")
    XCTAssertFalse(outcome.runnerLost)
  }

  func testARunnerCrashFailsTheFixtureAndLosesTheRunner() throws {
    let connection = FakeConnection { _, state, _ throws(RunnerFault) in
      if state.contains("\"count\":1") { throw .exited(.signal(9)) }
      return .answer(state: "{\"count\":1,\"isAutoIncrementing\":false}", effects: "[]")
    }
    let outcome = try replay(FixtureText.counterTree(), connection: connection)
    XCTAssertEqual(outcome.result.failure?.reason, .runnerFault)
    XCTAssertEqual(outcome.result.failure?.detail, "runner exited (signal 9) while reducing step 1")
    XCTAssertEqual(outcome.result.failure?.stderr, ["fake stderr line"])
    XCTAssertTrue(outcome.runnerLost)
  }

  /// Replays the counter recording on a runner serving only `served`: the fixture fails as
  /// `featureNotServed`, saying exactly `detail`.
  func assertNotServed(by served: [String], _ detail: String, line: UInt = #line) throws {
    let failure = try replay(FixtureText.counterTree(), connection: FakeConnection(features: served)).result.failure
    XCTAssertEqual(failure?.reason, .featureNotServed, line: line)
    XCTAssertEqual(failure?.detail, detail, line: line)
  }

  func testAFeatureTheRunnerDoesNotServeIsReportedAsSuch() throws {
    try assertNotServed(
      by: ["lamp"],
      "the runner does not serve feature 'counter' (it serves: lamp). Register the feature in the runner, or give the "
        + "runner that serves it with --runner.")
  }

  func testAFeatureServedUnderANameATypoAwayIsNamedAsAPossibleTypo() throws {
    try assertNotServed(
      by: ["counters"],
      "the runner does not serve feature 'counter' (it serves: counters). Is 'counters' a typo? The name given to "
        + "Feature(…) must be the manifest's feature key 'counter': rename one of them, then record again.")
  }

  func testAChainReplaysEachNodeFromItsOwnSlot() throws {
    let connection = FakeConnection()
    let outcome = try replay(FixtureText.chainTree(), name: "chain-ping-pong", owner: nil, connection: connection)
    XCTAssertNil(outcome.result.failure)
    XCTAssertEqual(connection.requests.map(\.feature), ["ping", "pong"])
    XCTAssertEqual(connection.requests.map(\.state), ["{\"sent\":0}", "{\"received\":0}"])
  }

  /// A run that keeps passed recordings slimmed (`listsPassedSteps` false) gets exactly the results
  /// of one that lists every step, a passed one slimmed: a chain that passes, a chain whose seam
  /// breaks, and a runner that fails on the second step after the first passed.
  func testUnlistedPassedStepsGiveTheListedResultsOrTheirSlimmedForm() throws {
    let crashing = {
      FakeConnection { feature, state, action throws(RunnerFault) in
        if state.contains("\"count\":1") { throw .closedOutput }
        return try FakeConnection.demo(feature, state, action)
      }
    }
    let cases: [(name: String, tree: JSONValue, recording: String, owner: String?, connection: () -> FakeConnection)] =
      [
        ("a chain that passes", FixtureText.chainTree(), "chain-ping-pong", nil, { FakeConnection() }),
        ("a broken seam", FixtureText.chainTree(nextCount: 2), "chain-ping-pong", nil, { FakeConnection() }),
        ("a runner lost on the second step", FixtureText.counterTree(), "counter", "counter", crashing),
      ]
    for (name, tree, recording, owner, connection) in cases {
      var listed = try replay(tree, name: recording, owner: owner, connection: connection()).result
      var counted = try replay(
        tree, name: recording, owner: owner, listsPassedSteps: false, connection: connection()
      ).result
      (listed.durationMillis, counted.durationMillis) = (0, 0)
      XCTAssertEqual(counted, listed.passed ? listed.slimmed : listed, name)
      XCTAssertEqual(counted.steps.isEmpty, listed.passed, name)
    }
  }

  func testABrokenSeamIsCheckedOnTheData() throws {
    let outcome = try replay(
      FixtureText.chainTree(nextCount: 2), name: "chain-ping-pong", owner: nil, connection: FakeConnection())
    XCTAssertEqual(outcome.result.failure?.reason, .seamBroken)
    XCTAssertEqual(outcome.result.failure?.step, 0)
    XCTAssertEqual(
      outcome.result.failure?.divergence, Divergence(path: "steps[1].action.value.count", expected: "1", actual: "2"))
  }

  /// The chain of `FixtureText.chainTree()` whose pong action carries `value` instead of the bare event.
  func chainTree(nextValue value: JSONValue) -> JSONValue {
    replacingStep(1, in: FixtureText.chainTree()) { step in
      guard case .object(var fields) = step else { return step }
      fields["action"] = FixtureText.action("pingFired", value: value)
      return .object(fields)
    }
  }

  func testASeamPassesWhenTheNextActionWrapsTheDelegate() throws {
    let wrapped = chainTree(nextValue: .object(["event": .object(["count": .integer(1)])]))
    let outcome = try replay(wrapped, name: "chain-ping-pong", owner: nil, connection: FakeConnection())
    XCTAssertNil(outcome.result.failure)
  }

  func testAHandEditedEmbeddedEventFailsNamingBothSides() throws {
    let edited = chainTree(nextValue: .object(["event": .object(["count": .integer(7)])]))
    let failure = try XCTUnwrap(
      try replay(edited, name: "chain-ping-pong", owner: nil, connection: FakeConnection()).result.failure)
    XCTAssertEqual(failure.reason, .seamBroken)
    XCTAssertEqual(failure.step, 0)
    XCTAssertEqual(
      failure.divergence, Divergence(path: "steps[1].action.value.event.count", expected: "1", actual: "7"))
    XCTAssertEqual(
      failure.detail,
      "step 0's delegate event (expectedEffects[0].payload.value, its last notifyListener) is not carried by step 1 "
        + "(pong)'s action, as its value or nested inside it.\n"
        + "  delegate emitted: {\"count\":1}\n"
        + "  next action:      {\"case\":\"pingFired\",\"value\":{\"event\":{\"count\":7}}}\n"
        + "  Re-record the chain: duet-verify record --chain chain-ping-pong")
  }

  func testLinkToNextOnTheLastStepFailsWithItsOwnSentence() throws {
    guard case .object(var fields) = FixtureText.chainTree(), case .array(let steps)? = fields["steps"] else {
      return XCTFail("unexpected chain shape")
    }
    fields["steps"] = .array([steps[0]])
    let failure = try XCTUnwrap(
      try replay(.object(fields), name: "chain-ping-pong", owner: nil, connection: FakeConnection()).result.failure)
    XCTAssertEqual(failure.reason, .seamBroken)
    XCTAssertEqual(
      failure.detail,
      "step 0 is marked linkToNext but is the chain's last step: no next action can carry its delegate event "
        + "{\"count\":1}. Re-record the chain: duet-verify record --chain chain-ping-pong")
  }

  func testLinkToNextWithoutANotifyListenerFailsWithItsOwnSentence() throws {
    let quiet = replacingStep(1, in: FixtureText.chainTree()) { step in
      guard case .object(var fields) = step else { return step }
      fields["linkToNext"] = .bool(true)
      return .object(fields)
    }
    let failure = try XCTUnwrap(
      try replay(quiet, name: "chain-ping-pong", owner: nil, connection: FakeConnection()).result.failure)
    XCTAssertEqual(failure.reason, .seamBroken)
    XCTAssertEqual(failure.step, 1)
    XCTAssertEqual(
      failure.detail,
      "step 1 is marked linkToNext but records no notifyListener effect, so it has no delegate event to hand on "
        + "(its effects: []). Re-record the chain: duet-verify record --chain chain-ping-pong")
  }

  func testADialectOneRecordingReplays() throws {
    let tree: JSONValue = .object([
      "initialState": FixtureText.counterState(0),
      "steps": .array([
        .object([
          "action": FixtureText.action("increment"), "expectedEffects": .array([]),
          "expectedState": FixtureText.counterState(1),
        ])
      ]),
    ])
    let outcome = try replay(tree, connection: FakeConnection())
    XCTAssertNil(outcome.result.failure)
    XCTAssertEqual(try document(tree).dialect, 1)
  }

  func replacingStep(_ index: Int, in tree: JSONValue, _ change: (JSONValue) -> JSONValue) -> JSONValue {
    guard case .object(var fields) = tree, case .array(var steps)? = fields["steps"] else { return tree }
    steps[index] = change(steps[index])
    fields["steps"] = .array(steps)
    return .object(fields)
  }
}
