import Foundation
import TestSupport
import XCTest

/// `duet-verify lint` and the lint gate inside `verify`, through the built executable.
final class LintEndToEndTests: XCTestCase {
  func testEveryLintProblemIsPrintedWithItsFileAndLine() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write(
      "manifest.yaml",
      """
      features:
        counter:
          scenario: Tests/Missing.swift
          fixtures:
            - counter
            - counter-endings.changes-its-mind
            - counter.not-recorded
        lamp:
          fixtures:
            - counter-endings.keeps-counting
      chains:
        - chain-ping-pong

      """)
    try repository.copyRecording("chain-ping-pong")
    try repository.copyRecording("lamp.timed-off")
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 1,", with: "\"count\":1,")
    let run = try repository.verify(["lint"])
    XCTAssertEqual(run.code, 1)
    let root = repository.root.standardizedFileURL.path
    XCTAssertEqual(
      run.out.split(separator: "\n").map(String.init),
      [
        "✗ manifest.yaml:3: the scenario file of 'counter' 'Tests/Missing.swift' does not exist (paths are relative to "
          + "the repository root, \(root)). Fix the path, or create the file.",
        "✗ fixtures/counter.fixture.json:19: this fixture file is not in canonical pretty form (it differs from its "
          + "re-emission from this line on). Recordings are build products, never hand-edited: re-record it with "
          + "duet-verify record --feature counter",
        "✗ manifest.yaml:7: recording 'counter.not-recorded' is listed but fixtures/counter.not-recorded.fixture.json "
          + "does not exist. Just declared? Run: duet-verify record --feature counter",
        "✗ fixtures/counter-endings.keeps-counting.fixture.json:4: recording 'counter-endings.keeps-counting' says "
          + "feature 'counter' but manifest.yaml lists it under 'lamp' (line 10). Move it to the right feature in the "
          + "manifest, or re-record it: duet-verify record --feature lamp",
        "✗ fixtures/chain-ping-pong.fixture.json:5: chain 'chain-ping-pong' has node 'ping', which is not a declared "
          + "feature. Declare 'ping' under features: in manifest.yaml (fixtures: [] if it has no recordings of its own).",
        "✗ fixtures/chain-ping-pong.fixture.json:5: chain 'chain-ping-pong' has node 'pong', which is not a declared "
          + "feature. Declare 'pong' under features: in manifest.yaml (fixtures: [] if it has no recordings of its own).",
        "✗ fixtures/lamp.timed-off.fixture.json: recording 'lamp.timed-off' is not listed in manifest.yaml (an "
          + "orphan). List it under its feature's fixtures: (or under chains:), or delete it (git does not track it): "
          + "rm fixtures/lamp.timed-off.fixture.json",
        "duet-verify lint: FAIL (7 problems)",
      ])
  }

  func testAMisspelledRecordingNameIsPairedWithTheUnlistedFileItMeantAndNoRemovalIsAdvised() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    // The corpus's manifest, its last recording misspelled (line 7, under the header comment).
    try repository.edit(
      "manifest.yaml", replacing: "- counter-endings.keeps-counting\n", with: "- counter-endings.keeps-countin\n")
    let run = try repository.failingLint()
    XCTAssertEqual(
      run.out.split(separator: "\n").map(String.init),
      [
        "✗ manifest.yaml:7: recording 'counter-endings.keeps-countin' is listed but "
          + "fixtures/counter-endings.keeps-countin.fixture.json does not exist, and "
          + "fixtures/counter-endings.keeps-counting.fixture.json is not listed. A typo? Did you mean "
          + "'counter-endings.keeps-counting'? Correct the name on this line; if 'counter-endings.keeps-countin' is a "
          + "new name, record it: duet-verify record --feature counter",
        "✗ fixtures/counter-endings.keeps-counting.fixture.json: recording 'counter-endings.keeps-counting' is not "
          + "listed in manifest.yaml, which lists 'counter-endings.keeps-countin' at line 7 with no file. A typo? "
          + "Correct manifest.yaml:7 to 'counter-endings.keeps-counting' and keep this recording; if "
          + "'counter-endings.keeps-countin' is a new name, record it, then remove this one.",
        "duet-verify lint: FAIL (2 problems)",
      ])
  }

  func testLintProblemsFailVerifyButEveryRecordingIsStillReplayed() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.copyRecording("lamp.timed-off")
    let run = try repository.verify(["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path])
    XCTAssertEqual(run.code, 1)
    XCTAssertTrue(run.out.hasPrefix("✗ fixtures/lamp.timed-off.fixture.json: recording 'lamp.timed-off' is not listed"))
    assertContains(run.out, "duet-verify: 3/3 fixtures passed")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"))
  }

  func testNoManifestExitsTwoWithASentence() throws {
    let repository = try TemporaryRepository()
    let run = try repository.verify(["verify"])
    XCTAssertEqual(run.code, 2)
    XCTAssertTrue(run.error.hasPrefix("duet-verify: no manifest.yaml found in "), run.error)
  }
}

/// Without `--runner`, the manifest's `replayRunner` package is built; a failing build is shown.
final class RunnerBuildEndToEndTests: XCTestCase {
  func testAReplayRunnerPackageThatDoesNotBuildShowsTheBuildOutputAndFails() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    // A manifest SwiftPM cannot even evaluate: the build fails within seconds, before compiling anything.
    try repository.write(
      "runner/Package.swift",
      "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"replay-runner\", oops)\n")
    try repository.write("manifest.yaml", "replayRunner: runner\n" + (try repository.read("manifest.yaml")))
    let run = try repository.verify(["verify"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.error, "Package.swift")
    XCTAssertTrue(
      run.error.hasSuffix(
        "duet-verify: building the replay runner failed (swift build --product replay-runner in "
          + "\(repository.root.standardizedFileURL.path)/runner, status 1). Fix the build above, or give a built runner "
          + "with --runner CMD.\n"), run.error)
  }

  func testAReplayRunnerFolderWithoutAPackageIsRefusedWithASentence() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try FileManager.default.createDirectory(
      at: repository.root.appendingPathComponent("runner"), withIntermediateDirectories: true)
    try repository.write("manifest.yaml", "replayRunner: runner\n" + (try repository.read("manifest.yaml")))
    let run = try repository.verify(["verify"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(
      run.error.hasPrefix(
        "duet-verify: replayRunner: runner is not a SwiftPM package (no readable runner/Package.swift)."), run.error)
  }

  /// The trap: without its own `replay-runner`, SwiftPM would build a dependency's runner,
  /// which serves another app's features. Refused before any build.
  func testAPackageWithoutItsOwnReplayRunnerProductIsRefusedBeforeBuilding() throws {
    let (repository, run) = try verifyWithRunnerPackage(executable: "todo-runner")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(
      run.error.hasPrefix("duet-verify: ./Package.swift declares no `replay-runner` product"), run.error)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(".build").path),
      "nothing was built")
  }

  func testARunnerProductNamedATypoAwayIsNamedInTheRefusal() throws {
    let (_, run) = try verifyWithRunnerPackage(executable: "replay-runer")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertEqual(
      run.error,
      "duet-verify: ./Package.swift declares no `replay-runner` product, but it names \"replay-runer\": a typo? The "
        + "runner must be called exactly `replay-runner`: rename the executable target (and its folder under "
        + "Sources/), or give a built runner with --runner CMD.\n")
  }

  /// `verify` in the counter corpus whose manifest names `.` as replayRunner: and whose
  /// Package.swift declares one executable target, `executable`.
  private func verifyWithRunnerPackage(executable: String) throws -> (TemporaryRepository, CommandRun) {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write(
      "Package.swift",
      "// swift-tools-version:6.0\nimport PackageDescription\n"
        + "let package = Package(name: \"todo\", targets: [.executableTarget(name: \"\(executable)\")])\n")
    try repository.write("manifest.yaml", "replayRunner: .\n" + (try repository.read("manifest.yaml")))
    return (repository, try repository.verify(["verify"]))
  }
}
