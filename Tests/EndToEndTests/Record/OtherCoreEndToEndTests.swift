import TestSupport
import XCTest

/// Features whose recordings come from the other core: the runner has no scenario for them, so
/// `record` and `record --check` say so and leave their recordings exactly as they are.
final class OtherCoreEndToEndTests: XCTestCase {
  /// The demo manifest plus a feature and a chain only a Kotlin runner records.
  static let manifest =
    RecordRepository.demoManifest.replacingOccurrences(
      of: "  ping:\n", with: "  greeter:\n    fixtures:\n      - greeter.wave\n  ping:\n")
    + "  - greeter-seam\n"

  func repositoryWithKotlinRecordings() throws -> RecordRepository {
    let repository = try RecordRepository(manifest: Self.manifest)
    try repository.write("fixtures/greeter.wave.fixture.json", "{\"recorded\": \"by kotlin\"}\n")
    try repository.write("fixtures/greeter-seam.fixture.json", "{\"recorded\": \"by kotlin\"}\n")
    return repository
  }

  /// What `record` and `record --check` say of the greeter feature, ending in what each did.
  static func greeterFromTheOtherCore(_ outcome: String) -> String {
    "~ feature 'greeter': the runner does not serve feature 'greeter', so its 1 recording (greeter.wave) come "
      + "from the other core (e.g. a Kotlin runner); \(outcome)."
  }

  func testRecordLeavesRecordingsOfAFeatureTheRunnerDoesNotServeAloneAndSaysSo() throws {
    let repository = try repositoryWithKotlinRecordings()
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, Self.greeterFromTheOtherCore("left unchanged here"))
    assertContains(run.out, "~ chain 'greeter-seam': the runner has no chain scenario of that name")
    XCTAssertFalse(run.all.contains("retire"), run.all)
    XCTAssertFalse(run.all.contains("delete"), run.all)
    XCTAssertEqual(try repository.text(of: "greeter.wave"), "{\"recorded\": \"by kotlin\"}\n")
  }

  func testARecordThatWroteNothingSaysWhatItSkipped() throws {
    let repository = try repositoryWithKotlinRecordings()
    let run = try repository.duet(["record", "--feature", "greeter"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(
      run.out,
      "duet-verify record: wrote nothing; skipped feature 'greeter', whose 1 recording this runner cannot produce "
        + "(recorded by the other core) and left unchanged.")
    XCTAssertEqual(Set(repository.snapshot().keys), ["greeter.wave.fixture.json", "greeter-seam.fixture.json"])
  }

  func testRecordCheckSaysWhichRecordingsComeFromTheOtherCoreAndPasses() throws {
    let repository = try repositoryWithKotlinRecordings()
    try repository.duet(["record"])
    let before = repository.snapshot()
    let run = try repository.duet(["record", "--check"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, Self.greeterFromTheOtherCore("not checked here"))
    assertContains(run.out, "0 vanished")
    XCTAssertFalse(run.all.contains("retire"), run.all)
    XCTAssertEqual(repository.snapshot(), before)
  }
}
