import Foundation
import TestSupport
import XCTest

/// The command-line conventions users know (docs/commands.md "Conventions"), through the real `duet-verify`
/// against temporary repositories.
final class ConventionsEndToEndTests: XCTestCase {
  func demoRunner() throws -> String {
    try BuiltProducts.executable(named: "demo-runner").path
  }

  /// `verify --shard K/N --allow-empty-shard --runner runner` for every K of `shares`, in a
  /// repository holding the demo `counter` recording under `manifest`: the repository and the
  /// runs, in shard order.
  func everyShard(of shares: Int, manifest: String, runner: String) throws -> (TemporaryRepository, [CommandRun]) {
    let repository = try TemporaryRepository()
    try repository.copyRecording("counter")
    try repository.write("manifest.yaml", manifest)
    let runs = try (1...shares).map { index in
      try repository.verify(["verify", "--shard", "\(index)/\(shares)", "--allow-empty-shard", "--runner", runner])
    }
    return (repository, runs)
  }

  func testVerifyHelpExitsZero() throws {
    let repository = try TemporaryRepository()
    for arguments in [["verify", "--help"], ["verify", "-h"], ["record", "--check", "--help"], ["--help"]] {
      let run = try repository.verify(arguments)
      XCTAssertEqual(run.code, 0, "\(arguments): \(run.error)")
      XCTAssertTrue(run.out.hasPrefix("usage: duet-verify"), run.out)
      XCTAssertEqual(run.error, "")
    }
    XCTAssertTrue(try repository.verify(["verify", "--help"]).out.contains("  --shard K/N"))
  }

  func testVersionFlagPrintsTheVersion() throws {
    let repository = try TemporaryRepository()
    let run = try repository.verify(["--version"])
    XCTAssertEqual(run.code, 0, run.error)
    XCTAssertTrue(run.out.hasPrefix("duet-verify "), run.out)
    XCTAssertEqual(run.out, try repository.verify(["version"]).out)
  }

  func testDoubleDashEndsOptions() throws {
    let repository = try TemporaryRepository()
    try repository.write("--odd.json", "{\"b\":1,\"a\":2}")
    let run = try repository.verify(["canonical", "--", "--odd.json"])
    XCTAssertEqual(run.code, 0, run.error)
    XCTAssertEqual(run.out, "{\"a\":2,\"b\":1}\n")
  }

  /// `--feature counter --feature ping`: counter's three recordings and the chain through ping.
  /// (Last-wins verified only the chain, and passed.)
  func testRepeatedFeatureAccumulates() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let run = try repository.verify([
      "verify", "--feature", "counter", "--feature=ping", "--runner", try demoRunner(),
    ])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertTrue(run.out.hasPrefix("duet-verify: 4/4 fixtures passed"), run.out)
    let one = try repository.verify(["verify", "--feature", "ping", "--runner", try demoRunner()])
    XCTAssertTrue(one.out.hasPrefix("duet-verify: 1/1 fixtures passed"), one.out)
  }

  func testSingleValuedOptionTwiceIsUsageError() throws {
    let repository = try TemporaryRepository.counterCorpus()
    // (verify and explain take one --runner per platform lane; record takes one runner.)
    let run = try repository.verify(["record", "--runner", try demoRunner(), "--runner", "/bin/true"])
    XCTAssertEqual(run.code, 2)
    assertContains(run.error, "--runner is given twice")
    XCTAssertTrue(run.error.hasSuffix("but it takes one value. Give it once.\n"), run.error)
    XCTAssertEqual(run.out, "")
  }

  /// One recording, two shares: one share is empty. It exits 2 by default (a gate that replays
  /// nothing proves nothing) and passes with --allow-empty-shard, saying so.
  func testEmptyShardPassesWithAllowEmptyShard() throws {
    let (repository, runs) = try everyShard(
      of: 2, manifest: "features:\n  counter:\n    fixtures:\n      - counter\n", runner: try demoRunner())
    for run in runs { XCTAssertEqual(run.code, 0, run.out + run.error) }
    let empty = try XCTUnwrap(runs.firstIndex { $0.out.contains("0 recordings in this shard") }, runs[0].out)
    XCTAssertEqual(
      runs[empty].out,
      "duet-verify: 0 recordings in this shard (\(empty + 1)/2); the corpus was linted and its taxonomy checked\n"
        + "duet-verify verify: PASS\n")
    XCTAssertTrue(runs[1 - empty].out.hasPrefix("duet-verify: 1/1 fixtures passed"), runs[1 - empty].out)
    let strict = try repository.verify(["verify", "--shard", "\(empty + 1)/2", "--runner", try demoRunner()])
    XCTAssertEqual(strict.code, 2)
    assertContains(strict.error, "--allow-empty-shard")
  }

  func testAnEmptyShardStillFailsOnALintProblem() throws {
    let (_, runs) = try everyShard(
      of: 3, manifest: "features:\n  counter:\n    fixtures:\n      - counter\n      - missing\n",
      runner: "/nonexistent")
    for run in runs {
      XCTAssertNotEqual(run.code, 0, run.out + run.error)
    }
  }

  func testLintJSONIsOneObject() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let run = try repository.verify(["lint", "--json"])
    XCTAssertEqual(run.code, 0, run.error)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    XCTAssertEqual(object["passed"] as? Bool, true)
    XCTAssertEqual(object["fixtures"] as? Int, 4)
    XCTAssertEqual((object["problems"] as? [Any])?.count, 0)
  }
}
