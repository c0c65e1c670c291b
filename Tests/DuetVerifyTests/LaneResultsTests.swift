import DuetCore
import DuetRunner
import TestSupport
import XCTest

@testable import DuetVerify

/// A run is a list of lanes with typed results, rendered by one rule for naming lanes.
final class LaneResultsTests: XCTestCase {
  func result(_ name: String, failing: Bool) -> FixtureResult {
    FixtureResult(
      name: name, kind: .leaf, feature: "counter", file: "fixtures/\(name).fixture.json", stepCount: 2,
      failure: failing
        ? FixtureFailure(
          reason: .stateDiverged, step: 1,
          divergence: Divergence(path: "expectedState.count", expected: "1", actual: "2"))
        : nil)
  }

  func twoLanes() throws -> RunResult {
    RunResult(
      lanes: [
        LaneResult(platform: "swift", fixtures: [result("counter", failing: false)], runners: 1),
        LaneResult(platform: "kotlin", fixtures: [result("counter", failing: true)], runners: 1),
      ],
      arguments: try ParsedArguments.verify(["--runner", "./swift-runner", "--runner", "./kotlin-runner"]),
      durationMillis: 1200)
  }

  func testTheCountsLineOfSeveralLanesSaysFixturesPassedAsTheOneLaneLineDoes() throws {
    XCTAssertEqual(
      SummaryLine.counts(try twoLanes()),
      "duet-verify: 1/1 fixtures passed on swift, 0/1 on kotlin (2 steps, 2 runners) in 1.2s")
  }

  func testANextCommandOfASeveralLaneRunReproducesItsLaneAndOfAOneLaneRunNamesNone() throws {
    let run = try twoLanes()
    let text = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: true)
    assertContains(
      text, "  next: duet-verify explain counter#1 --runner ./swift-runner --runner ./kotlin-runner --lane kotlin\n")
    var alone = run
    alone.lanes = [run.lanes[1]]
    let lone = HumanReport.render(alone, style: TerminalStyle(enabled: false), quiet: true)
    assertContains(lone, "  next: duet-verify explain counter#1 --runner ./swift-runner --runner ./kotlin-runner\n")
    XCTAssertFalse(lone.contains("[kotlin]"), lone)
  }

  func testTheVerdictStatedIsTheOneDecidedNotRecomputedFromTheRecordings() throws {
    let run = RunResult(fixtures: [result("counter", failing: false)], runners: 1)
    XCTAssertTrue(run.passed)
    let json = try JSONParser().parse(JSONReport.render(run, passed: false))
    XCTAssertEqual(json["summary"]?["verdict"], .string("fail"))
    let text = HumanReport.render(run, passed: false, style: TerminalStyle(enabled: false), quiet: false)
    XCTAssertTrue(
      text.hasSuffix(
        "duet-verify: 1/1 fixtures passed (2 steps, 1 runner) in 0.0s\n"
          + "duet-verify verify: FAIL\n"), text)
  }

  /// `{"file","line","column","message"}`, the object `lint --json` lists (one type, LintProblem).
  func testASummaryStatesLintProblemsAsObjectsAsLintJSONDoes() throws {
    let problem = LintProblem(file: "manifest.yaml", line: 3, message: "feature 'a' is declared twice.")
    let run = RunResult(fixtures: [], lintProblems: [problem])
    let summary = try JSONParser().parse(try CanonicalEncoder().compact(RunRecord(run)))
    XCTAssertEqual(
      summary["lint"],
      .array([.object(["file": .string("manifest.yaml"), "line": .integer(3), "message": .string(problem.message)])]))
  }

  func testARunnerFailureSeenByEverySlotIsStatedOnce() {
    let start = RunnerStartError(command: "./runner", fault: .closedOutput, stderr: [])
    let stream = RunnerStreamError(command: "./runner", fault: .blankLine)
    XCTAssertEqual(
      RunnerFailure.distinct(starting: [start, start, start], streams: [stream, stream]),
      [.didNotStart(start), .streamBroken(stream)])
  }

  func testARunnerFailureIsNamedByItsLaneOnlyWhenLanesAreNamed() {
    let failure = RunnerFailure.didNotStart(RunnerStartError(command: "./runner", fault: .closedOutput, stderr: []))
    XCTAssertEqual(LaneNaming(laneCount: 1).runnerFailure(failure, on: "kotlin"), failure.description)
    XCTAssertEqual(LaneNaming(laneCount: 2).runnerFailure(failure, on: "kotlin"), "kotlin lane: " + failure.description)
  }
}
