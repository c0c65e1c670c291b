import Foundation
import TestSupport
import XCTest

/// Through the real executable: `.runs/verify/summary.json` holds every recording's result, a
/// per-recording report is written only for a failing recording, and `explain` of a passing one
/// answers from the summary.
final class RunsFolderLayoutEndToEndTests: XCTestCase {
  func demoRunner() throws -> String { try BuiltProducts.executable(named: "demo-runner").path }

  /// The summary's `results`, by recording name.
  func results(in repository: TemporaryRepository, _ report: String = ".runs/verify") throws -> [String: [String: Any]]
  {
    let data = Data(try repository.read(report + "/summary.json").utf8)
    let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let results = try XCTUnwrap(summary["results"] as? [[String: Any]], "summary.json has no results list")
    var byName: [String: [String: Any]] = [:]
    for result in results { byName[try XCTUnwrap(result["name"] as? String)] = result }
    return byName
  }

  func testTheRunsFolderHoldsAReportFileOnlyForAFailingRecording() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(RunsReport(repository.root).fixtures, ["counter.json"])
    let results = try results(in: repository)
    XCTAssertEqual(
      results.keys.sorted(), ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting"])
    XCTAssertEqual(results["counter"]?["passed"] as? Bool, false)
    XCTAssertEqual(results["counter-endings.keeps-counting"]?["passed"] as? Bool, true)
    XCTAssertGreaterThan(results["counter-endings.keeps-counting"]?["steps"] as? Int ?? 0, 0)
  }

  func testAPassingRunLeavesOnlyItsSummary() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    XCTAssertEqual(try repository.verify(["verify", "--runner", try demoRunner()]).code, 1)
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 5,", with: "\"count\": 2,")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(RunsReport(repository.root).fixtures, [], "the fixed recording's old report is gone")
    XCTAssertEqual(try results(in: repository).count, 3)
  }

  func testExplainOfAPassingRecordingSaysItPassedFromTheSummary() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    XCTAssertEqual(try repository.verify(["verify", "--runner", try demoRunner()]).code, 0)
    XCTAssertEqual(RunsReport(repository.root).fixtures, [], "a passing recording has no report file")
    let steps = try XCTUnwrap(try results(in: repository)["counter"]?["steps"] as? Int)
    let explained = try repository.verify(["explain", "counter"])
    XCTAssertEqual(explained.code, 0, explained.all)
    XCTAssertEqual(explained.out, "duet-verify explain: 'counter' passed in the last run (\(steps) steps).\n")
  }

  func testEachLaneSummaryHoldsItsOwnResults() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let kotlin =
      try BuiltProducts.executable(named: "misbehaving-runner").path
      + " --platform kotlin --fault off-by-one --on decrement"
    let run = try repository.verify(["verify", "--runner", try demoRunner(), "--runner", kotlin])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(try results(in: repository, ".runs/verify/lanes/swift").count, 3)
    XCTAssertEqual(try results(in: repository, ".runs/verify/lanes/kotlin")["counter"]?["passed"] as? Bool, false)
    let swiftReports = try? FileManager.default.contentsOfDirectory(
      atPath: repository.root.appendingPathComponent(".runs/verify/lanes/swift/fixtures").path)
    XCTAssertEqual(swiftReports ?? [], [], "a lane where everything passed has no report file")
    XCTAssertFalse(try repository.read(".runs/verify/lanes/kotlin/fixtures/counter.json").isEmpty)
  }
}
