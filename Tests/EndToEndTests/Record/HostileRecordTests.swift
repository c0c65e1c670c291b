import Foundation
import TestSupport
import XCTest

/// `record` and `record --check` against a hostile repository: a link planted as the review
/// folder, a scenario producing another feature's recording, a very long name, and the temporary
/// file a killed `record` leaves.
final class HostileRecordTests: XCTestCase {
  func testRecordCheckNeverDeletesThroughAReviewFolderLink() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    let outside = try OutsideFolder()
    let before = outside.snapshot()
    try outside.link(".runs/record-check", under: repository.root)
    let recordings = repository.snapshot()
    let run = try repository.duet(["record", "--check"])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(outside.snapshot(), before, "nothing outside the repository is deleted")
    XCTAssertEqual(repository.snapshot(), recordings)
    assertContains(
      run.error,
      "duet-verify: .runs/record-check was a link; duet-verify removed it (not what it pointed to) and made a real "
        + "folder.")
  }

  func testRecordRefusesAScenarioThatProducesAnotherFeaturesRecording() throws {
    let manifest = RecordRepository.demoManifest
      .replacingOccurrences(of: "      - counter-endings.keeps-counting\n", with: "")
      .replacingOccurrences(
        of: "      - lamp.timed-off\n", with: "      - lamp.timed-off\n      - counter-endings.keeps-counting\n")
    let repository = try RecordRepository(manifest: manifest)
    try repository.write("fixtures/counter-endings.keeps-counting.fixture.json", "lamp's own recording\n")
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(try repository.text(of: "counter-endings.keeps-counting"), "lamp's own recording\n")
    assertContains(
      run.out,
      "✗ fixtures/counter-endings.keeps-counting.fixture.json — the scenarios of feature 'counter' produce it, but "
        + "manifest.yaml:10 lists it under feature 'lamp', so nothing was written for it.")
    XCTAssertNotNil(repository.snapshot()["counter.fixture.json"], "the feature's other recordings are written")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record: FAIL\n"), run.out)
  }

  func testANameOf240CharactersCanBeRecorded() throws {
    let feature = String(repeating: "a", count: 240)
    let repository = try RecordRepository(manifest: "features:\n  \(feature):\n    fixtures:\n      - \(feature)\n")
    let run = try repository.duet(
      ["record"] + repository.misbehaving("--capabilities record --features \(feature)"))
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertNotNil(repository.snapshot()["\(feature).fixture.json"])
  }

  func testLintReportsATemporaryAKilledRecordLeftAndTheNextRecordRemovesIt() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    // What a record killed between creating and renaming its temporary leaves (its process is gone).
    let stray = ".duet-2147483000-1a2b3c4d.tmp"
    try repository.write("fixtures/" + stray, "{\n  \"dialect\": 2,\n")
    let lint = try CommandRun.run(repository.duetVerify, ["lint"], in: repository.root)
    XCTAssertEqual(lint.code, 1, lint.all)
    assertContains(
      lint.all,
      "fixtures/\(stray): a temporary file left by an interrupted duet-verify record (its process is gone). The next "
        + "duet-verify record removes it, or delete it: rm fixtures/\(stray)")
    let record = try repository.duet(["record"])
    XCTAssertEqual(record.code, 0, record.all)
    XCTAssertNil(repository.snapshot()[stray])
  }
}
