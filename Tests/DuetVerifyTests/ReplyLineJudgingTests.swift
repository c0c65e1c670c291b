import DuetCore
import DuetRunner
import XCTest

@testable import DuetVerify

/// `verify` judges each reply on its line (`ReplayConversation.answer(line:)`): a step answered
/// with exactly the recorded bytes passes without the line being read into strings; every other
/// line must come out exactly as the full reading (`judge(_:)` of the parsed reply) judges it,
/// explanation included.
final class ReplyLineJudgingTests: XCTestCase {
  var folder: TemporaryFolder?

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  func document(_ tree: JSONValue) throws -> FixtureDocument {
    let folder = try TemporaryFolder()
    self.folder = folder
    try folder.write("fixtures/counter.fixture.json", try CanonicalWriter.pretty(tree))
    let store = FixtureStore(location: ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml")))
    guard case .success(let loaded) = store.load("counter") else { throw XCTSkip("unloadable") }
    return loaded
  }

  /// The line the demo counter answers, shaped by `line` (step index, state, effects).
  /// With `restartingAfter`, the replay is started again once that many steps were answered (as
  /// a slot does on a fresh runner after another recording's crash), and `sent` lists only what was
  /// sent after it.
  func replay(
    _ document: FixtureDocument, byLine: Bool, listsPassedSteps: Bool = true, restartingAfter: Int? = nil,
    line: (Int, String, String) -> String
  ) -> (result: FixtureResult, sent: [String]) {
    var conversation = ReplayConversation(document: document, owner: "counter", listsPassedSteps: listsPassedSteps)
    let handshake = RunnerHandshake(features: ["counter"])
    var next = conversation.start(handshake: handshake)
    var sent: [String] = []
    var restartingAfter = restartingAfter
    while case .reduce(let feature, let stateBytes, let actionBytes)? = next {
      if let after = restartingAfter, sent.count == after {
        restartingAfter = nil
        sent = []
        next = conversation.start(handshake: handshake)
        continue
      }
      let state = String(decoding: stateBytes, as: UTF8.self)
      sent.append(state)
      let text: String
      do {
        switch try FakeConnection.demo(feature, state, String(decoding: actionBytes, as: UTF8.self)) {
        case .answer(let actualState, let effects): text = line(sent.count - 1, actualState, effects)
        case .refused(let message): text = #"{"error":\#(CanonicalWriter.quoted(message))}"#
        }
        next =
          byLine
          ? try conversation.answer(line: Array(text.utf8))
          : conversation.judge(try ReduceResponse.parse(Array(text.utf8)))
      } catch {
        conversation.fail(error, stderr: [])
        break
      }
    }
    var result = conversation.result
    result.durationMillis = 0
    return (result, sent)
  }

  func assertLineAgreesWithTheFullReading(
    _ tree: JSONValue, file: StaticString = #filePath, lineNumber: UInt = #line,
    line: @escaping (Int, String, String) -> String
  ) throws -> FixtureResult {
    let document = try document(tree)
    let byLine = replay(document, byLine: true, line: line)
    let byReply = replay(document, byLine: false, line: line)
    XCTAssertEqual(byLine.result, byReply.result, file: file, line: lineNumber)
    XCTAssertEqual(byLine.sent, byReply.sent, file: file, line: lineNumber)
    return byLine.result
  }

  static func canonical(_ step: Int, _ state: String, _ effects: String) -> String {
    #"{"effects":\#(CanonicalWriter.quoted(effects)),"state":\#(CanonicalWriter.quoted(state))}"#
  }

  func testAnExactAnswerPassesOnItsLineAndThreadsTheRecordedState() throws {
    let result = try assertLineAgreesWithTheFullReading(FixtureText.counterTree(), line: Self.canonical)
    XCTAssertNil(result.failure)
    XCTAssertEqual(result.steps.map(\.passed), [true, true])
  }

  func testAnAnswerWithOtherEscapesOrKeyOrderStillPasses() throws {
    let result = try assertLineAgreesWithTheFullReading(FixtureText.counterTree()) { step, state, effects in
      step == 0
        ? #"{"state":\#(CanonicalWriter.quoted(state)),"effects":\#(CanonicalWriter.quoted(effects))}"#
        : Self.canonical(step, state, effects).replacingOccurrences(of: "\\\"count", with: "\\u0022count")
    }
    XCTAssertNil(result.failure)
  }

  /// A run that keeps only counts of passed recordings (`listsPassedSteps` false) lists no passed
  /// step of a passed recording: its result is the listed one slimmed. A failing recording's result
  /// is the listed one, every step before the failure listed as passed, whether it passed on its
  /// bytes or was read in full.
  func testUnlistedPassedStepsAreTheSlimmedResultAndAreListedWhenALaterStepFails() throws {
    let otherEscapes: (Int, String, String) -> String = { step, state, effects in
      step == 0
        ? #"{"state":\#(CanonicalWriter.quoted(state)),"effects":\#(CanonicalWriter.quoted(effects))}"#
        : Self.canonical(step, state, effects)
    }
    let garbageLast: (Int, String, String) -> String = { step, state, effects in
      step == 1 ? "not json" : Self.canonical(step, state, effects)
    }
    let cases: [(name: String, tree: JSONValue, line: (Int, String, String) -> String)] = [
      ("passes on its bytes", FixtureText.counterTree(), Self.canonical),
      ("passes read in full", FixtureText.counterTree(), otherEscapes),
      ("diverges after a step passed on its bytes", FixtureText.counterTree(secondCount: 5), Self.canonical),
      ("diverges after a step read in full", FixtureText.counterTree(secondCount: 5), otherEscapes),
      ("a garbage line after a passed step", FixtureText.counterTree(), garbageLast),
    ]
    for (name, tree, line) in cases {
      let document = try document(tree)
      let listed = replay(document, byLine: true, line: line).result
      let counted = replay(document, byLine: true, listsPassedSteps: false, line: line).result
      if listed.passed {
        XCTAssertEqual(counted.steps, [], name)
        XCTAssertEqual(counted, listed.slimmed, name)
      } else {
        XCTAssertEqual(counted, listed, name)
        XCTAssertEqual(counted.steps.first?.passed, true, "the step before the failure is listed: \(name)")
      }
    }
  }

  func testADivergentStateIsExplainedInFull() throws {
    let result = try assertLineAgreesWithTheFullReading(FixtureText.counterTree(secondCount: 5), line: Self.canonical)
    XCTAssertEqual(result.failure?.reason, .stateDiverged)
    XCTAssertEqual(result.failure?.divergence?.path, "expectedState.count")
    XCTAssertNotNil(result.failure?.diff)
  }

  func testTheSameValueInOtherBytesIsExplainedInFull() throws {
    let result = try assertLineAgreesWithTheFullReading(FixtureText.counterTree()) { step, state, effects in
      Self.canonical(step, step == 1 ? #"{"isAutoIncrementing":false,"count":2}"# : state, effects)
    }
    XCTAssertEqual(result.failure?.reason, .stateDiverged)
    XCTAssertEqual(result.failure?.step, 1)
  }

  func testDivergentEffectsAreExplainedInFull() throws {
    let result = try assertLineAgreesWithTheFullReading(FixtureText.counterTree()) { step, state, _ in
      Self.canonical(step, state, step == 0 ? #"[{"kind":"run"}]"# : "[]")
    }
    XCTAssertEqual(result.failure?.reason, .effectsDiverged)
    XCTAssertEqual(result.failure?.step, 0)
  }

  func testARefusalAndAGarbageLineAreJudgedAsTheFullReadingJudgesThem() throws {
    let refused = try assertLineAgreesWithTheFullReading(FixtureText.counterTree()) { step, state, effects in
      step == 1 ? #"{"error":"unknown case"}"# : Self.canonical(step, state, effects)
    }
    XCTAssertEqual(refused.failure?.reason, .runnerError)
    let garbage = try assertLineAgreesWithTheFullReading(FixtureText.counterTree()) { step, state, effects in
      step == 1 ? "not json" : Self.canonical(step, state, effects)
    }
    XCTAssertEqual(garbage.failure?.reason, .runnerFault)
    XCTAssertEqual(garbage.failure?.step, 1)
  }

  /// A replay started again midway (its request in flight when another recording's runner crash
  /// sent it back to the queue) starts from the seed with nothing of its first attempt left: the
  /// same requests and the same result as a replay started once.
  func testAReplayStartedAgainMidwaySendsAndSettlesAsOneStartedOnce() throws {
    let cases: [(name: String, tree: JSONValue)] = [
      ("passing", FixtureText.counterTree()), ("diverging", FixtureText.counterTree(secondCount: 5)),
    ]
    for (name, tree) in cases {
      let document = try document(tree)
      for listsPassedSteps in [true, false] {
        let once = replay(document, byLine: true, listsPassedSteps: listsPassedSteps, line: Self.canonical)
        let again = replay(
          document, byLine: true, listsPassedSteps: listsPassedSteps, restartingAfter: 1, line: Self.canonical)
        XCTAssertEqual(again.sent, once.sent, name)
        XCTAssertEqual(again.result, once.result, name)
      }
    }
  }
}
