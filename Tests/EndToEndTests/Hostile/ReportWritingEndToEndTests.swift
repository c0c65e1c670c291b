import Foundation
import TestSupport
import XCTest

/// Through the real executable: a report the user asked for that cannot be written fails the run
/// with a sentence, and runs at the same time never leave a mixed report.
final class ReportWritingEndToEndTests: XCTestCase {
  func testAJUnitReportThatCannotBeWrittenFailsTheRunWithASentence() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let run = try repository.verify(["verify", "--runner", runner, "--junit", "manifest.yaml/report.xml"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.error,
      "duet-verify: the JUnit report you asked for was not written, so the run fails: cannot open the folder ")
    assertContains(run.error, "manifest.yaml: a part of the path is a file, not a folder; check the path.")
    XCTAssertFalse(run.error.contains("Domain"), run.error)
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testConcurrentRunsNeverLeaveAMixedReport() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    // Two of the three fail, so each scope leaves its own set of per-recording reports.
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    try repository.edit(
      "fixtures/counter-endings.keeps-counting.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 7,")
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let duet = try BuiltProducts.executable(named: "duet-verify")
    let root = repository.root
    let scopes: [[String]] = [[], ["--shard", "1/2"], ["--shard", "2/2"]]
    for round in 0..<20 {
      let group = DispatchGroup()
      for index in 0..<8 {
        group.enter()
        DispatchQueue.global().async {
          _ = try? CommandRun.run(
            duet, ["verify", "--runner", runner, "--jobs", "1"] + scopes[(index + round) % 3], in: root)
          group.leave()
        }
      }
      group.wait()
      let report = RunsReport(repository.root)
      let summary = try JSONSerialization.jsonObject(with: XCTUnwrap(report.summary)) as? [String: Any]
      let results = summary?["results"] as? [[String: Any]] ?? []
      XCTAssertFalse(results.isEmpty, "round \(round): the summary holds every recording's result")
      let failing = results.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
      XCTAssertEqual(
        report.fixtures, failing.map { $0 + ".json" }.sorted(),
        "round \(round): the per-recording reports and summary.json come from different runs")
    }
  }
}
