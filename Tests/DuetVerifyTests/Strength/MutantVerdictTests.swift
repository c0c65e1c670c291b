import DuetRunner
import Foundation
import XCTest

@testable import DuetVerify

final class MutantVerdictTests: XCTestCase {
  private func result(_ failure: FixtureFailure?) -> FixtureResult {
    FixtureResult(
      name: "tally.bumps", kind: .leaf, feature: "tally", file: "fixtures/tally.bumps.fixture.json", failure: failure)
  }

  func testADivergentStepKillsTheMutantNamingTheRecordingStepAndPath() {
    let verdict = MutantVerdict.of(
      result(
        FixtureFailure(
          reason: .stateDiverged, step: 2,
          divergence: Divergence(path: "expectedState.count", expected: "1", actual: "2"))),
      timeout: 2)
    XCTAssertEqual(
      verdict,
      MutantVerdict(
        status: .killed, recording: "tally.bumps", step: 2, detail: "expectedState.count: expected 1, got 2"))
  }

  func testARunnerThatDidNotAnswerInTimeIsATimeoutAndAnyOtherRunnerFaultARuntimeError() {
    let late = FixtureFailure(
      reason: .runnerFault, step: 0, detail: "\(RunnerFault.timedOut(seconds: 2)) while reducing step 0")
    XCTAssertEqual(MutantVerdict.of(result(late), timeout: 2)?.status, .timeout)
    let crashed = FixtureFailure(reason: .runnerFault, step: 0, detail: "\(RunnerFault.exited(.signal(6)))")
    XCTAssertEqual(MutantVerdict.of(result(crashed), timeout: 2)?.status, .runtimeError)
  }

  func testAPassingRecordingSaysNothing() {
    XCTAssertNil(MutantVerdict.of(result(nil), timeout: 2))
  }
}
