import TestSupport
import XCTest

/// `duet-verify record` run for real: the built CLI, the demo runner, a temporary repository.
final class RecordEndToEndTests: XCTestCase {
  func testRecordingFromScratchWritesEveryListedRecordingThatVerifyThenPasses() throws {
    let repository = try RecordRepository()
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    for name in RecordRepository.demoRecordings {
      assertContains(run.out, "new            fixtures/\(name).fixture.json")
    }
    XCTAssertEqual(Set(repository.snapshot().keys), Set(RecordRepository.demoRecordings.map { $0 + ".fixture.json" }))
    XCTAssertTrue(run.out.hasSuffix("duet-verify record: PASS\n"), run.out)
    let verify = try repository.duet(["verify"])
    XCTAssertEqual(verify.code, 0, verify.all)
  }

  func testRecordingAgainRewritesNothing() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    let before = repository.snapshot()
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "(0 new, 0 rewritten, 0 metadata-only, 6 unchanged)")
    XCTAssertFalse(run.out.contains("unchanged      "), "record prints only what changed: \(run.out)")
    XCTAssertEqual(repository.snapshot(), before)
  }

  func testRecordNamesMetadataOnlyAndBehaviouralRewrites() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    let recorded = try repository.text(of: "counter")
    try repository.edit("counter", replacing: "\"line\": 12", with: "\"line\": 99")
    try repository.edit("lamp.dimmed-evening", replacing: "\"brightness\": 30", with: "\"brightness\": 31")
    let run = try repository.duet(["record", "--quiet"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "metadata-only  fixtures/counter.fixture.json — metadata only, first at steps[0].line")
    assertContains(run.out, "rewritten      fixtures/lamp.dimmed-evening.fixture.json — behaviour changed at steps[1]")
    XCTAssertFalse(run.out.contains("unchanged      fixtures/"), "record leaves out unchanged recordings")
    XCTAssertFalse(run.out.contains("duet-verify record: 6 recordings"), "--quiet leaves out the counts line")
    XCTAssertEqual(try repository.text(of: "counter"), recorded)
  }

  func testRecordScopedToAFeatureTouchesOnlyItsRecordings() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    try repository.edit("counter", replacing: "\"count\": 1", with: "\"count\": 5")
    let edited = try repository.text(of: "counter")
    let run = try repository.duet(["record", "--feature", "lamp"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "2 recordings from 1 target")
    XCTAssertEqual(try repository.text(of: "counter"), edited)
  }

  func testRecordScopedToAChainRecordsOnlyTheChain() throws {
    let repository = try RecordRepository()
    let run = try repository.duet(["record", "--chain", "ping-pong"])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(Array(repository.snapshot().keys), ["chain-ping-pong.fixture.json"])
  }

  func testARecordingNoScenarioProducesIsReportedWithItsManifestLineAndKept() throws {
    let manifest = RecordRepository.demoManifest.replacingOccurrences(
      of: "      - lamp.timed-off\n", with: "      - lamp.timed-off\n      - lamp.retired\n")
    let repository = try RecordRepository(manifest: manifest)
    try repository.write("fixtures/lamp.retired.fixture.json", "{}\n")
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(
      run.out,
      "! fixtures/lamp.retired.fixture.json — no scenario produces it any more; retire manifest.yaml:11 "
        + "(- lamp.retired) and delete the file")
    XCTAssertNotNil(repository.snapshot()["lamp.retired.fixture.json"], "record never deletes a recording")
  }

  func testARecordingTheManifestDoesNotListIsWrittenWithTheLinesToAdd() throws {
    let manifest = RecordRepository.demoManifest.replacingOccurrences(
      of: "      - counter-endings.changes-its-mind\n", with: "")
    let repository = try RecordRepository(manifest: manifest)
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(
      run.out,
      "! manifest.yaml does not list 'counter-endings.changes-its-mind', which the scenarios of feature 'counter' "
        + "record. "
        + "Add to the fixtures: list of feature 'counter' (manifest.yaml:2):\n      - counter-endings.changes-its-mind\n"
    )
    XCTAssertNotNil(repository.snapshot()["counter-endings.changes-its-mind.fixture.json"])
  }

  func testAFailingThenWritesNothingForItsFeatureAndNamesTheLabelAndLine() throws {
    let repository = try RecordRepository()
    let run = try repository.duetOnMisbehavingRecorder(["record"], fault: "--fault error --on counter")
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "✗ feature 'counter': its scenarios could not be recorded, so nothing was written for it:")
    assertContains(run.out, "Then 'the count is one' (Sources/Demo/CounterScenario.swift:12) returned false")
    XCTAssertNil(repository.snapshot()["counter.fixture.json"])
    XCTAssertNotNil(repository.snapshot()["lamp.fixture.json"], "the other features are still recorded")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record: FAIL\n"), run.out)
  }
}
