import DuetCore
import Foundation
import XCTest

@testable import DuetVerify

/// `.runs/` has one result writer: its summary is byte for byte the canonical pretty encoding of
/// the ``RunsSummary`` it stands for (the results list is written straight into bytes), and a
/// failing recording's file is the encoding of its whole result.
final class RunsResultWriterTests: XCTestCase {
  func testASummaryIsTheCanonicalPrettyEncodingOfItsResultsAndRecord() throws {
    let names = ["counter", "counter.tap", "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "odd \"name\"\n", "Ünïcode"]
    let fixtures = names.enumerated().map { index, name in
      FixtureResult(
        name: name, kind: .leaf, file: "fixtures/\(name).fixture.json", stepCount: 2 + index * 7,
        failure: index == 1 ? FixtureFailure(reason: .runnerFault, detail: "gone") : nil,
        durationMillis: index == 2 ? 1_234_567 : -index)
    }
    var runs = [
      RunResult(fixtures: []),
      RunResult(fixtures: Array(fixtures.prefix(1))),
      RunResult(fixtures: fixtures, lintProblems: [LintProblem(file: "manifest.yaml", line: 3, message: "names:")]),
    ]
    runs[2].arguments = try ParsedArguments.verify(["--feature", "\n  \"results\": []"])
    // Every field the direct writer writes, with the texts that need escaping.
    var full = RunResult(fixtures: fixtures)
    full.lanes[0].runner = RunnerIdentity(
      path: "runners/odd \"path\"", platform: "swift", buildMillis: 1_234, upToDate: false, buildReason: "a\\b changed")
    full.lanes[0].runners = 2
    full.shard = Shard(index: 2, count: 4)
    full.shardSource = "GITHUB_JOB"
    full.corpusFingerprint = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
    full.durationMillis = 12_345
    full.arguments = try ParsedArguments.verify(["--jobs", "3"])
    var upToDate = RunResult(fixtures: Array(fixtures.prefix(2)))
    upToDate.lanes[0].runner = RunnerIdentity(path: "r", upToDate: true)
    runs += [full, upToDate]
    // The summary's record names no recordings (its results list does).
    func shell(_ run: RunResult) -> RunRecord {
      var record = RunRecord(run)
      record.names = []
      return record
    }
    XCTAssertTrue(RunsResultWriter.isPlain(shell(full)), "the direct writer is tested")
    XCTAssertFalse(RunsResultWriter.isPlain(shell(runs[2])), "and so is the encoder's path")
    for run in runs {
      var record = RunRecord(run)
      let results = RunsSummary.outcomes(of: run)
      let written = String(decoding: try RunsResultWriter.summary(record, results: results), as: UTF8.self)
      record.names = []
      XCTAssertEqual(written, try CanonicalEncoder().pretty(RunsSummary(results: results, run: record)), "\(names)")
    }
  }

  func testASummaryOutcomeFailsWhenItsRecordingFailedOnAnyLane() {
    func result(_ name: String, failed: Bool) -> FixtureResult {
      FixtureResult(
        name: name, kind: .leaf, file: "fixtures/\(name).fixture.json", stepCount: 3,
        failure: failed ? FixtureFailure(reason: .runnerFault, detail: "gone") : nil)
    }
    let swift = LaneResult(
      platform: "swift", fixtures: [result("a", failed: false), result("b", failed: false), result("c", failed: true)],
      runnerFailures: [], runners: 1, runner: nil)
    let kotlin = LaneResult(
      platform: "kotlin",
      fixtures: [result("a", failed: false), result("b", failed: true), result("c", failed: false)],
      runnerFailures: [], runners: 1, runner: nil)
    let combined = RunsSummary.outcomes(of: RunResult(lanes: [swift, kotlin]))
    XCTAssertEqual(combined.map(\.name), ["a", "b", "c"])
    XCTAssertEqual(combined.map(\.passed), [true, false, false], "b failed on the second lane only, c on the first")
    let alone = RunsSummary.outcomes(of: RunResult(lanes: [kotlin]))
    XCTAssertEqual(alone.map(\.passed), [true, false, true])
  }

  func testAFailingRecordingsFileIsItsWholeResult() throws {
    let failed = FixtureResult(
      name: "counter", kind: .leaf, file: "f", steps: [StepResult(index: 0, passed: false)],
      failure: FixtureFailure(reason: .runnerFault, detail: "gone"))
    let written = try RunsResultWriter.failure(failed)
    let decoded = try CanonicalDecoder().decode(FixtureResult.self, from: try JSONParser().parse(written))
    XCTAssertEqual(decoded, failed)
    let text = String(decoding: written, as: UTF8.self)
    XCTAssertTrue(text.contains("\n  \"failure\": {\n    \"detail\": \"gone\",\n    \"reason\": \"runnerFault\""), text)
    XCTAssertFalse(text.contains("failureBox"), "the box is an in-memory detail: " + text)
  }

  /// A folder whose manifest lists recording `name` and whose last run passed it in `count` steps.
  func lastRunPassing(_ name: String, steps count: Int) throws -> (folder: TemporaryFolder, runs: RunsFolder) {
    let folder = try TemporaryFolder()
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixtures:\n      - \(name)\n")
    let runs = RunsFolder(location: ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml")))
    let steps = (0..<count).map { StepResult(index: $0, passed: true) }
    try runs.write(
      RunResult(fixtures: [FixtureResult(name: name, kind: .leaf, file: "f", stepCount: count, steps: steps)]))
    return (folder, runs)
  }

  func testExplainOfAPassingRecordingCountsItsStepsFromTheSummary() throws {
    let (folder, runs) = try lastRunPassing("a", steps: 4)
    XCTAssertNil(runs.readFixture("a"), "a passing recording has no file of its own")
    let explained = CapturedOutput.run(["explain", "a"], in: folder.url)
    XCTAssertEqual(explained.code, .passed)
    XCTAssertEqual(explained.out, "duet-verify explain: 'a' passed in the last run (4 steps).\n")
  }

  func testExplainOfAOneStepRecordingSaysOneStepNotSteps() throws {
    let (folder, _) = try lastRunPassing("a", steps: 1)
    let explained = CapturedOutput.run(["explain", "a"], in: folder.url)
    XCTAssertEqual(explained.code, .passed)
    XCTAssertEqual(explained.out, "duet-verify explain: 'a' passed in the last run (1 step).\n")
  }

  func testExplainOfAMistypedNameSuggestsTheNearestRecordingOfTheLastRun() throws {
    let (folder, _) = try lastRunPassing("todo.adds-a-second", steps: 1)
    let explained = CapturedOutput.run(["explain", "todo.adds-a-secnd"], in: folder.url)
    XCTAssertEqual(explained.code, .usage)
    XCTAssertTrue(
      explained.error.hasSuffix("or check the name. Did you mean 'todo.adds-a-second'?\n"), explained.error)
  }
}
