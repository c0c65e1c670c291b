import Foundation
import TestSupport
import XCTest

/// The repository verifies itself: the real `duet-verify` and `foyer-runner` on the root
/// `manifest.yaml` and `fixtures/` — what `make verify` shows on a fresh clone, and the drift gate
/// CI holds the example to.
final class ExampleAppEndToEndTests: XCTestCase {
  func duet(_ arguments: [String]) throws -> CommandRun {
    let runner = try BuiltProducts.executable(named: "foyer-runner").path
    return try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), arguments + ["--runner", runner],
      in: SharedReference.repositoryRoot, environment: ["NO_COLOR": "1"])
  }

  func testTheExampleAppVerifiesEveryRecording() throws {
    let run = try duet(["verify"])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "duet-verify: 49/49 fixtures passed")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: PASS\n"), run.out)
  }

  func testTheSummaryNamesTheRunnerThatAnsweredAndItsPlatform() throws {
    let run = try duet(["verify"])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "/foyer-runner (platform swift), given with --runner\n")
  }

  func testTheExampleAppsRecordingsHaveNotDriftedFromItsScenarios() throws {
    let run = try duet(["record", "--check"])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "0 drifted, 0 new, 0 vanished, 0 unlisted")
  }

  func testTheExampleAppsTaxonomyEqualsTheDeclaredOne() throws {
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["taxonomy"], in: SharedReference.repositoryRoot)
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "7 events recorded")
  }
}
