import TestSupport
import XCTest

/// `duet-verify record --check [--write]` run for real: drift fails and leaves the fixtures folder
/// byte-identical with the would-be rewrite under `.runs/record-check/`; metadata churn passes.
final class DriftCheckEndToEndTests: RecordedTestCase {
  func check(_ extra: [String] = []) throws -> CommandRun {
    try repository.duet(["record", "--check"] + extra)
  }

  /// Runs `record --check` on the corpus as it now is, expecting `code`, and holds it to leaving
  /// the fixtures folder byte-identical, whatever it found.
  func checkLeavingFixturesAlone(code: Int32, file: StaticString = #filePath, line: UInt = #line) throws
    -> CommandRun
  {
    let edited = repository.snapshot()
    let run = try check()
    XCTAssertEqual(run.code, code, run.all, file: file, line: line)
    XCTAssertEqual(repository.snapshot(), edited, "the fixtures folder stays byte-identical", file: file, line: line)
    return run
  }

  func testAnUntouchedCorpusPasses() throws {
    let run = try check()
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "6 identical")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: PASS\n"), run.out)
    XCTAssertTrue(repository.snapshot(repository.review).isEmpty)
  }

  func testAJUnitReportThatCannotBeWrittenFailsTheCheckAndItsVerdictLineSaysFail() throws {
    let run = try check(["--junit", "manifest.yaml/check.xml"])
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(
      run.error,
      "duet-verify record --check: the JUnit report you asked for was not written, so the check fails: cannot open "
        + "the folder ")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: FAIL\n"), run.out)
    XCTAssertFalse(run.out.contains("PASS"), run.out)
    let json = try check(["--json", "--junit", "manifest.yaml/check.xml"])
    XCTAssertEqual(json.code, 1, json.all)
    assertContains(json.out, "\"passed\":false")
  }

  func testMetadataOnlyChurnPassesAndIsListedAsAdmissible() throws {
    try repository.edit("counter", replacing: "\"line\": 12", with: "\"line\": 13")
    try repository.edit("lamp.timed-off", replacing: "\"label\": \"turn on\"", with: "\"label\": \"switch on\"")
    let run = try checkLeavingFixturesAlone(code: 0)
    assertContains(run.out, "~ admissible metadata-only churn")
    assertContains(run.out, "  fixtures/counter.fixture.json — metadata only, first at steps[0].line")
    assertContains(run.out, "  fixtures/lamp.timed-off.fixture.json — metadata only, first at steps[0].label")
  }

  func testAHandEditedExpectationFailsWithItsFirstDivergentPath() throws {
    try repository.edit("counter-endings.keeps-counting", replacing: "\"count\": 2", with: "\"count\": 3")
    let run = try checkLeavingFixturesAlone(code: 1)
    assertContains(
      run.out,
      "✗ fixtures/counter-endings.keeps-counting.fixture.json — behaviour drifted at steps[1].expectedState.count\n"
        + "  recorded: 3   scenarios now: 2\n")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: FAIL\n"), run.out)
    XCTAssertEqual(
      repository.snapshot(repository.review),
      ["counter-endings.keeps-counting.fixture.json": recorded["counter-endings.keeps-counting.fixture.json"]])
  }

  func testADeletedRecordingFailsAsNew() throws {
    try FileManager.default.removeItem(at: repository.fixture("lamp.timed-off"))
    let run = try checkLeavingFixturesAlone(code: 1)
    assertContains(
      run.out, "✗ fixtures/lamp.timed-off.fixture.json — new: the scenarios produce it, but it is not recorded")
    XCTAssertEqual(
      repository.snapshot(repository.review), ["lamp.timed-off.fixture.json": recorded["lamp.timed-off.fixture.json"]])
  }

  func testANewBranchTheManifestDoesNotListFailsWithTheLineToAdd() throws {
    try repository.write(
      "manifest.yaml",
      RecordRepository.demoManifest.replacingOccurrences(of: "      - counter-endings.changes-its-mind\n", with: ""))
    try FileManager.default.removeItem(at: repository.fixture("counter-endings.changes-its-mind"))
    let run = try checkLeavingFixturesAlone(code: 1)
    assertContains(run.out, "✗ fixtures/counter-endings.changes-its-mind.fixture.json — new")
    XCTAssertTrue(
      run.out.contains("manifest.yaml does not list 'counter-endings.changes-its-mind'")
        && run.out.contains(
          "(manifest.yaml:2):\n      - counter-endings.changes-its-mind\n"),
      run.out)
    XCTAssertNotNil(repository.snapshot(repository.review)["counter-endings.changes-its-mind.fixture.json"])
  }

  func testARecordingNoScenarioProducesFailsAsVanished() throws {
    try repository.write("fixtures/counter.gone.fixture.json", "{}\n")
    let run = try checkLeavingFixturesAlone(code: 1)
    assertContains(
      run.out,
      "✗ fixtures/counter.gone.fixture.json — no scenario produces it any more and manifest.yaml does not list it")
  }

  func testWriteAppliesTheRewriteAndTheNextCheckPasses() throws {
    try repository.edit("counter-endings.keeps-counting", replacing: "\"count\": 2", with: "\"count\": 3")
    try FileManager.default.removeItem(at: repository.fixture("lamp.timed-off"))
    let run = try check(["--write"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "--write applied the rewrite: 2 recordings written to fixtures/.")
    XCTAssertEqual(repository.snapshot(), recorded)
    XCTAssertEqual(try check().code, 0)
  }

  func testAStaleReviewIsClearedByTheNextCheck() throws {
    try repository.edit("counter", replacing: "\"count\": 1", with: "\"count\": 4")
    XCTAssertEqual(try check().code, 1)
    try Data(recorded["counter.fixture.json"] ?? Data()).write(to: repository.fixture("counter"))
    XCTAssertEqual(try check().code, 0)
    XCTAssertTrue(repository.snapshot(repository.review).isEmpty)
  }
}
