import TestSupport
import XCTest

/// What `record` refuses to call a pass: a recording whose track envelope the taxonomy would
/// refuse, and a Swift-only feature the Swift runner does not serve.
final class RecordRefusalsEndToEndTests: XCTestCase {
  /// `record`'s output, after checking that it failed with the FAIL verdict.
  func failingRecord(_ repository: RecordRepository, _ arguments: [String]) throws -> String {
    let run = try repository.duet(arguments)
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertTrue(run.out.hasSuffix("duet-verify record: FAIL\n"), run.out)
    return run.out
  }

  func testAMalformedTrackEnvelopeIsRefusedAtRecordTime() throws {
    let repository = try RecordRepository(manifest: "features:\n  counter:\n    fixtures:\n      - counter\n")
    let out = try failingRecord(
      repository, ["record"] + repository.misbehaving("--capabilities record --features counter --malformed-track"))
    assertContains(
      out,
      "the runner's recording 'counter' would hold a malformed track envelope, so it was not written: fixture "
        + "'counter' step 0")
    XCTAssertNil(repository.snapshot()["counter.fixture.json"], "nothing is written for the feature")
  }

  func testASwiftOnlyFeatureTheSwiftRunnerDoesNotServeFailsRecord() throws {
    let manifest = RecordRepository.demoManifest.replacingOccurrences(
      of: "  ping:\n",
      with:
        "  greeter:\n    swift: Sources/Greeter/GreeterFeature.swift\n    fixtures:\n      - greeter.wave\n  ping:\n")
    let repository = try RecordRepository(manifest: manifest)
    try repository.write("Sources/Greeter/GreeterFeature.swift", "// the greeter\n")
    let out = try failingRecord(repository, ["record"])
    assertContains(
      out,
      "✗ feature 'greeter': the runner does not serve feature 'greeter', but manifest.yaml:12 gives it the Swift "
        + "file Sources/Greeter/GreeterFeature.swift and no Kotlin one, so no other core records its 1 recording "
        + "(greeter.wave). Register the feature (and its scenarios) in the Swift runner's registry, then record again.")
    XCTAssertFalse(out.contains("come from the other core"), out)
  }

  func testASwiftOnlyFeatureTheSwiftRunnerDoesNotServeFailsRecordCheck() throws {
    let repository = try RecordRepository(manifest: RecordRepository.demoManifest)
    let recorded = try repository.duet(["record"])
    XCTAssertEqual(recorded.code, 0, recorded.all)
    try repository.write(
      "manifest.yaml",
      RecordRepository.demoManifest.replacingOccurrences(
        of: "  ping:\n",
        with:
          "  greeter:\n    swift: Sources/Greeter/GreeterFeature.swift\n    fixtures:\n      - greeter.wave\n"
          + "  ping:\n"))
    try repository.write("Sources/Greeter/GreeterFeature.swift", "// the greeter\n")
    let run = try repository.duet(["record", "--check"])
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(
      run.out,
      "✗ feature 'greeter': the runner does not serve feature 'greeter', but manifest.yaml:12 gives it the Swift "
        + "file Sources/Greeter/GreeterFeature.swift and no Kotlin one")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: FAIL\n"), run.out)
    XCTAssertFalse(run.out.contains("come from the other core"), run.out)
  }

  func testAFeatureWithAKotlinFileIsStillLeftToTheOtherCore() throws {
    let manifest = RecordRepository.demoManifest.replacingOccurrences(
      of: "  ping:\n",
      with: "  greeter:\n    swift: Sources/Greeter.swift\n    kotlin: android/Greeter.kt\n    fixtures:\n"
        + "      - greeter.wave\n  ping:\n")
    let repository = try RecordRepository(manifest: manifest)
    try repository.write("fixtures/greeter.wave.fixture.json", "{\"recorded\": \"by kotlin\"}\n")
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "~ feature 'greeter': the runner does not serve feature 'greeter'")
  }
}
