import Foundation
import TestSupport
import XCTest

/// `record --check`'s machine reports run for real: `--json`, `--junit FILE` and GitHub annotations
/// name the drifted recording and its first divergent path; `record` prints only what changed.
final class DriftReportsEndToEndTests: RecordedTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try repository.edit("counter-endings.keeps-counting", replacing: "\"count\": 2", with: "\"count\": 3")
  }

  static let drifted = "fixtures/counter-endings.keeps-counting.fixture.json"
  static let path = "steps[1].expectedState.count"

  func testRecordCheckJUnitNamesDriftedRecording() throws {
    let run = try repository.duet(["record", "--check", "--junit", "reports/check.xml"])
    XCTAssertEqual(run.code, 1, run.all)
    let xml = try String(contentsOf: repository.root.appendingPathComponent("reports/check.xml"), encoding: .utf8)
    assertContains(xml, "<testsuite name=\"duet-verify record --check\" tests=\"6\" failures=\"1\"")
    assertContains(
      xml,
      "<testcase classname=\"duet-verify.record-check\" name=\"counter-endings.keeps-counting\" "
        + "file=\"\(Self.drifted)\">\n    <failure message=\"behaviour drifted at \(Self.path) (recorded: 3, "
        + "scenarios now: 2).")
    assertContains(xml, "name=\"counter\" file=\"fixtures/counter.fixture.json\"/>")
  }

  func testRecordCheckJSONIsOneObjectNamingTheDrift() throws {
    let run = try repository.duet(["record", "--check", "--json"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(run.out.filter { $0 == "\n" }.count, 1, run.out)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let summary = try XCTUnwrap(object["summary"] as? [String: Any])
    XCTAssertEqual(summary["passed"] as? Bool, false)
    XCTAssertEqual(summary["drifted"] as? Int, 1)
    XCTAssertEqual(summary["identical"] as? Int, 5)
    let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
    let drift = try XCTUnwrap(findings.first { $0["kind"] as? String == "drifted" })
    XCTAssertEqual(drift["file"] as? String, Self.drifted)
    XCTAssertEqual(drift["path"] as? String, Self.path)
    XCTAssertEqual(drift["recorded"] as? String, "3")
  }

  func testRecordCheckAnnotatesTheDriftedRecordingUnderGitHubActions() throws {
    let run = try CommandRun.run(
      repository.duetVerify, ["record", "--check", "--runner", repository.demoRunner.path], in: repository.root,
      environment: ["GITHUB_ACTIONS": "true"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    let annotations = run.out.split(separator: "\n").filter { $0.hasPrefix("::error") }
    XCTAssertEqual(
      annotations,
      [
        "::error file=\(Self.drifted)::behaviour drifted at \(Self.path) (recorded: 3, scenarios now: 2). Run "
          + "duet-verify record if the change is intended."
      ])
  }

  func testRecordPrintsOnlyWhatChanged() throws {
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(
      run.out.split(separator: "\n").first.map(String.init),
      "rewritten      \(Self.drifted) — behaviour changed at \(Self.path)")
    XCTAssertFalse(run.out.contains("unchanged      "), run.out)
    assertContains(run.out, "(0 new, 1 rewritten, 0 metadata-only, 5 unchanged)")
  }
}
