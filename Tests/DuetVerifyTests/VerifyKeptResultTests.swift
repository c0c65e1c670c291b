import XCTest

@testable import DuetVerify

/// What `verify` keeps of each result for its final report: a passed recording loses its steps and
/// its scenario path (the reports show a path only with a failure), a failed one is kept whole,
/// and `--json` (which lists every step) keeps everything.
final class VerifyKeptResultTests: XCTestCase {
  private let source = "Sources/FoyerFeatures/Splash/SplashScenario.swift"

  private func result(failing: Bool) -> FixtureResult {
    FixtureResult(
      name: "splash.ceremony-completes", kind: .leaf, feature: "splash", file: "fixtures/x.fixture.json",
      scenarioSource: source, stepCount: 2,
      steps: [StepResult(index: 0, passed: true), StepResult(index: 1, passed: !failing)],
      failure: failing ? FixtureFailure(reason: .stateDiverged, step: 1, line: 57) : nil)
  }

  /// `result` as `VerifyCommand.keep` leaves it.
  private func kept(_ result: FixtureResult, listingSteps: Bool) -> FixtureResult {
    var kept = result
    VerifyCommand.keep(&kept, listingSteps: listingSteps)
    return kept
  }

  func testAPassedRecordingIsKeptWithoutItsStepsOrScenarioPath() {
    let kept = kept(result(failing: false), listingSteps: false)
    XCTAssertTrue(kept.passed)
    XCTAssertEqual(kept.steps, [])
    XCTAssertEqual(kept.stepCount, 2)
    XCTAssertNil(kept.scenarioSource)
    XCTAssertEqual(kept.name, "splash.ceremony-completes")
  }

  func testAPassedRecordingThatCameWithoutStepsLosesOnlyItsScenarioPath() {
    var unlisted = result(failing: false)
    unlisted.steps = []
    var expected = unlisted
    expected.scenarioSource = nil
    XCTAssertEqual(kept(unlisted, listingSteps: false), expected)
  }

  func testAFailedRecordingIsKeptWholeWithItsScenarioPath() {
    let failed = result(failing: true)
    let kept = kept(failed, listingSteps: false)
    XCTAssertEqual(kept, failed)
    XCTAssertEqual(kept.scenarioSource, source)
  }

  func testARunListingStepsKeepsEveryResultWhole() {
    for failing in [false, true] {
      let whole = result(failing: failing)
      XCTAssertEqual(kept(whole, listingSteps: true), whole, "failing: \(failing)")
    }
  }
}
