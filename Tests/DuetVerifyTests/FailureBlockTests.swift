import DuetRunner
import TestSupport
import XCTest

@testable import DuetVerify

/// The human failure block: Duet's layout, our `next:` command.
final class FailureBlockTests: XCTestCase {
  func testTheSpecExampleRendersExactly() {
    let result = FixtureResult(
      name: "splash.repeat-appear-inert", kind: .leaf, feature: "splash", file: "fixtures/x.fixture.json",
      scenarioSource: "Sources/FoyerFeatures/Splash/SplashScenario.swift", stepCount: 2,
      failure: FixtureFailure(
        reason: .effectsDiverged, step: 1, label: "repeat appear inert › the splash appears again", line: 57,
        divergence: Divergence(
          path: "expectedEffects[0]", expected: "∅",
          actual: "{\"id\":\"splash.safetyNet\",\"kind\":\"run\",\"payload\":{\"case\":\"armSafetyNet\",\"value\":"
            + "{\"afterMillis\":3000}}}"),
        action: "{\"case\":\"appeared\"}"))
    XCTAssertEqual(
      FailureBlock.render(result),
      """
      ✗ fixture 'splash.repeat-appear-inert' step 1 'repeat appear inert › the splash appears again' — effects diverged
        at expectedEffects[0]
        expected: ∅   actual: {"id":"splash.safetyNet","kind":"run","payload":{"case":"armSafetyNet","value":{"afterMillis":3000}}}
        action: {"case":"appeared"}
        scenario: Sources/FoyerFeatures/Splash/SplashScenario.swift:57
        next: duet-verify explain splash.repeat-appear-inert#1
      """)
  }

  func testAChainBlockMatchesDuetsGoldenLayoutExceptTheNextCommand() throws {
    let golden = try SharedReference.text("duet-framework/swift/formatter.golden.txt")
    let first = golden.components(separatedBy: "\n\n")[0]
    let expected = first.replacingOccurrences(
      of: "next: verify materialize chain-share-apply#2 --platform swift",
      with: "next: duet-verify explain chain-share-apply#2")
    let result = FixtureResult(
      name: "chain-share-apply", kind: .chain, file: "fixtures/chain-share-apply.fixture.json",
      scenarioSource: "src-ios/Tests/ChainScenarioTests.swift", stepCount: 3,
      failure: FixtureFailure(
        reason: .effectsDiverged, step: 2, node: "timeline", label: "the feed-share seam", line: 64,
        divergence: Divergence(
          path: "expectedEffects[0].payload.value.friendIds[1]", expected: "\"friend-ben\"", actual: "\"friend-cara\""),
        action: "{\"case\":\"sharePicker\",\"value\":{\"case\":\"applied\"}}"))
    XCTAssertEqual(FailureBlock.render(result), expected)
  }

  func testAPassingResultHasNoBlock() {
    XCTAssertNil(FailureBlock.render(FixtureResult(name: "a", kind: .leaf, file: "f")))
  }

  func testARunnerFaultShowsTheStderrTail() {
    let result = FixtureResult(
      name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", scenarioSource: "S.swift",
      failure: FixtureFailure(
        reason: .runnerFault, step: 3, label: "tick", line: 9, action: "{\"case\":\"tick\"}",
        detail: "runner exited (signal 9) while reducing step 3", stderr: ["fatal error: boom"]))
    XCTAssertEqual(
      FailureBlock.render(result),
      """
      ✗ fixture 'counter' step 3 'tick' — runner failed
        runner exited (signal 9) while reducing step 3
        runner stderr (last lines):
          | fatal error: boom
        action: {"case":"tick"}
        scenario: S.swift:9
        next: duet-verify explain counter#3
      """)
  }

  func testAnUnreadableRecordingPointsAtLint() {
    let result = FixtureResult(
      name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json",
      failure: FixtureFailure(reason: .unreadable, detail: "fixtures/counter.fixture.json:3:3: duplicate key 'a' at $.")
    )
    XCTAssertEqual(
      FailureBlock.render(result),
      """
      ✗ fixture 'counter' — recording unreadable
        fixtures/counter.fixture.json:3:3: duplicate key 'a' at $.
        next: duet-verify lint
      """)
  }

  func testTheOneLineFormFitsAnAnnotation() {
    let result = FixtureResult(
      name: "counter", kind: .leaf, file: "f", scenarioSource: "S.swift",
      failure: FixtureFailure(
        reason: .stateDiverged, step: 1, label: "again", line: 11,
        divergence: Divergence(path: "expectedState.count", expected: "5", actual: "2")))
    XCTAssertEqual(
      FailureBlock.oneLine(result),
      "fixture 'counter' step 1 'again' — state diverged at expectedState.count: expected 5, actual 2")
  }
}
