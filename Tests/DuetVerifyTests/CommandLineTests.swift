import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The command line in-process: verbs, options, exit codes and the sentences that go with them.
final class CommandLineTests: FolderTestCase {
  func run(_ arguments: [String], environment: [String: String] = [:]) -> (code: ExitCode, out: String, error: String) {
    CapturedOutput.run(arguments, in: folder.url, environment: environment)
  }

  func testVersionPrintsTheVersion() {
    let result = run(["version"])
    XCTAssertEqual(result.code, .passed)
    XCTAssertEqual(result.out, "duet-verify \(DuetVerifyCLI.version)\n")
  }

  func testHelpListsTheVerbsAndEachVerbHasItsOwnHelp() {
    XCTAssertTrue(run(["help"]).out.contains("explain [<fixture>[#<step>]]"))
    XCTAssertTrue(run(["help", "verify"]).out.contains("--shard K/N"))
    XCTAssertTrue(run(["--help"]).out.contains("usage: duet-verify <verb>"))
    XCTAssertEqual(run(["help", "nope"]).code, .usage)
  }

  func testAnUnknownVerbIsAUsageError() {
    let result = run(["verfy"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(
      result.error,
      "duet-verify: unknown verb 'verfy'. Did you mean 'verify'? Run `duet-verify help` for the list of verbs.\n")
  }

  func testAnUnknownOptionIsAUsageError() {
    let result = run(["verify", "--jbos", "2"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(
      result.error,
      "duet-verify verify: unknown option '--jbos'. Did you mean '--jobs'? Run `duet-verify help verify` for its options.\n"
    )
  }

  func testBadOptionValuesAreUsageErrors() {
    XCTAssertEqual(
      run(["verify", "--jobs", "0"]).error,
      "duet-verify verify: --jobs needs a whole number of runner processes from 1 to 256, not '0'.\n")
    XCTAssertEqual(
      run(["verify", "--timeout=-1"]).error,
      "duet-verify verify: --timeout needs a positive number of seconds, not '-1'.\n")
    XCTAssertEqual(
      run(["verify", "--shard", "3/2"]).error,
      "duet-verify verify: --shard needs K/N with 1 ≤ K ≤ N (e.g. --shard 2/4), or auto, not '3/2'.\n")
    XCTAssertEqual(run(["verify", "--runner"]).error, "duet-verify verify: --runner needs a value.\n")
  }

  func testNoManifestIsExitTwoWithASentence() {
    let result = run(["verify"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertTrue(result.error.hasPrefix("duet-verify: no manifest.yaml found in "), result.error)
  }

  func testVerifyIsTheDefaultVerb() {
    XCTAssertEqual(run([]).code, .usage)
    XCTAssertTrue(run(["--quiet"]).error.hasPrefix("duet-verify: no manifest.yaml found"))
  }

  func testAnEmptyCorpusIsExitTwo() throws {
    try folder.write("manifest.yaml", "features: {}\n")
    let result = run(["verify", "--runner", "/bin/true"])
    XCTAssertEqual(result.code, .usage)
    assertContains(result.error, "lists no recordings, so there is nothing to verify")
  }

  func testAFeatureFilterMatchingNothingIsExitTwo() throws {
    try writeCounterRepository()
    let result = run(["verify", "--feature", "lamp", "--runner", "/bin/true"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(result.error, "duet-verify: --feature lamp is not declared in manifest.yaml (declared: counter).\n")
  }

  func testABrokenManifestFailsTheGateWithoutReplaying() throws {
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixturs:\n      - counter\n")
    let result = run(["verify", "--runner", "/nonexistent"])
    XCTAssertEqual(result.code, .failed)
    assertContains(result.out, "manifest.yaml:2: feature 'counter' has no fixtures: list")
    assertContains(result.error, "warning: manifest.yaml:3: unknown key 'fixturs'")
    assertContains(result.error, "Did you mean 'fixtures'?")
    XCTAssertTrue(result.out.hasSuffix("duet-verify verify: FAIL\n"), result.out)
  }

  func testNoRunnerAndNoReplayRunnerIsExitTwo() throws {
    try writeCounterRepository()
    let result = run(["verify"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(
      result.error,
      "duet-verify: no runner to replay with. Give one with --runner CMD, or name the runner's SwiftPM package with "
        + "replayRunner: in manifest.yaml.\n")
  }

  func testAMissingRunnerIsExitTwo() throws {
    try writeCounterRepository()
    let result = run(["verify", "--runner", "bin/runner --flag"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(
      result.error,
      "duet-verify: runner \(folder.url.standardizedFileURL.path)/bin/runner does not exist. Build it first, or fix "
        + "the --runner path.\n")
  }

  /// A runner path where SwiftPM puts an executable says how to build it, and in which folder.
  func testAMissingRunnerWhereSwiftPMPutsOneSaysHowToBuildIt() throws {
    try writeCounterRepository()
    let root = folder.url.standardizedFileURL.path
    let result = run(["verify", "--runner", "app/.build/debug/replay-runner"])
    XCTAssertEqual(result.code, .usage)
    XCTAssertEqual(
      result.error,
      "duet-verify: runner \(root)/app/.build/debug/replay-runner does not exist. Build it first (`swift build "
        + "--product replay-runner` in \(root)/app), or fix the --runner path.\n")
    XCTAssertEqual(
      RunnerCommandError.buildCommand(for: "/a/.build/x86_64-unknown-linux-gnu/release/bench-runner")?.command,
      "swift build -c release --product bench-runner")
    XCTAssertNil(
      RunnerCommandError.buildCommand(for: "/a/.build/debug/Modules/x"), "not where SwiftPM puts an executable")
  }

  func testLintPassesACleanRepository() throws {
    try writeCounterRepository()
    let result = run(["lint"])
    XCTAssertEqual(result.code, .passed)
    XCTAssertEqual(result.out, "duet-verify lint: OK (1 feature, 1 fixture)\n")
  }

  func testLintJSONIsOneObject() throws {
    try folder.write("manifest.yaml", counterManifest)
    try folder.write("fixtures/stale.fixture.json", FixtureText.counter())
    let result = run(["lint", "--json"])
    XCTAssertEqual(result.code, .failed)
    XCTAssertEqual(result.out.filter { $0 == "\n" }.count, 1, result.out)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    XCTAssertEqual(object["passed"] as? Bool, false)
    XCTAssertEqual(object["fixtures"] as? Int, 1)
    let problems = try XCTUnwrap(object["problems"] as? [[String: Any]])
    XCTAssertEqual(problems.count, 2, result.out)
    XCTAssertEqual(
      Set(problems.compactMap { $0["file"] as? String }), ["manifest.yaml", "fixtures/stale.fixture.json"])
  }

  func testVerbHelpExitsZeroOnStandardOutput() {
    for verb in ["verify", "lint", "record", "explain", "taxonomy", "canonical"] {
      for flag in ["--help", "-h"] {
        let result = run([verb, flag])
        XCTAssertEqual(result.code, .passed, "\(verb) \(flag): \(result.error)")
        XCTAssertTrue(result.out.hasPrefix("usage: duet-verify \(verb)"), result.out)
        XCTAssertEqual(result.error, "")
      }
    }
  }

  func testLintPrintsEveryProblemAndFails() throws {
    try folder.write("manifest.yaml", counterManifest)
    try folder.write("fixtures/stale.fixture.json", FixtureText.counter())
    let result = run(["lint", "--manifest", "manifest.yaml"])
    XCTAssertEqual(result.code, .failed)
    XCTAssertEqual(result.out.split(separator: "\n").count, 3)
    XCTAssertTrue(result.out.hasSuffix("duet-verify lint: FAIL (2 problems)\n"), result.out)
  }

  func testExplainWithoutAPreviousRunIsExitTwo() throws {
    try folder.write("manifest.yaml", "chains: []\n")
    let result = run(["explain"])
    XCTAssertEqual(result.code, .usage)
    assertContains(result.error, "no previous run in")
  }

  func testExplainRejectsABadStep() throws {
    try folder.write("manifest.yaml", "chains: []\n")
    XCTAssertEqual(
      run(["explain", "counter#x"]).error,
      "duet-verify explain: 'x' is not a step index. Write <fixture>#<step>, e.g. counter#3.\n")
  }
}
