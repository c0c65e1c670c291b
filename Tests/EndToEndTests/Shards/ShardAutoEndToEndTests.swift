import Foundation
import TestSupport
import XCTest

/// `verify --shard auto` as a CI job runs it: the share read from the engine's own variables is
/// the share `--shard K/N` names, and the summary says which variables chose it.
final class ShardAutoEndToEndTests: XCTestCase {
  /// Every engine's variables unset, so the test's own environment (maybe a CI job) cannot leak in.
  static let cleared = [
    "CI_NODE_INDEX", "CI_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "CIRCLE_NODE_INDEX",
    "CIRCLE_NODE_TOTAL", "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE",
  ].reduce(into: [String: String]()) { $0[$1] = "" }

  func environment(_ set: [String: String]) -> [String: String] {
    Self.cleared.merging(set) { $1 }
  }

  /// `verify --shard auto` over the counter corpus with the demo runner, these CI `variables` set.
  func verifyAuto(_ variables: [String: String]) throws -> CommandRun {
    try TemporaryRepository.counterCorpus().verify(
      ["verify", "--shard", "auto", "--runner", try BuiltProducts.executable(named: "demo-runner").path],
      environment: environment(variables))
  }

  /// The recordings a `--json` run replayed.
  func names(_ run: CommandRun) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
    let summary = try XCTUnwrap(object?["summary"] as? [String: Any], run.out + run.error)
    return try XCTUnwrap(summary["names"] as? [String])
  }

  func testEachEnginesVariablesGiveTheSameShareAsTheExplicitShard() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let status = repository.root.appendingPathComponent("bazel-shard-status")
    let engines: [([String: String], String)] = [
      (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "2/3"),
      (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"], "1/2"),
      (["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"], "3/3"),
      (["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": status.path], "2/2"),
    ]
    for (variables, share) in engines {
      let auto = try repository.verify(
        ["verify", "--shard", "auto", "--json", "--runner", runner], environment: environment(variables))
      let explicit = try repository.verify(
        ["verify", "--shard", share, "--json", "--runner", runner], environment: environment([:]))
      XCTAssertEqual(auto.code, 0, auto.all)
      XCTAssertEqual(try names(auto), try names(explicit), "\(variables) against --shard \(share)")
      assertContains(auto.out, #""shard":"\#(share)""#)
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: status.path), "Bazel's shard status file is touched")
  }

  func testTheSummarySaysWhichVariablesChoseTheShare() throws {
    let run = try verifyAuto(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"])
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(run.out, "; shard 1/2 from GitLab's CI_NODE_INDEX=1 and CI_NODE_TOTAL=2\n")
  }

  func testWithoutVariablesAutoIsOneShareAndSaysSo() throws {
    let run = try verifyAuto([:])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertTrue(run.out.hasPrefix("duet-verify: 4/4 fixtures passed"), run.out)
    assertContains(
      run.out, "; no CI shard variables set (GitLab, Buildkite, CircleCI, Bazel), so one share: every recording\n")
  }

  func testInconsistentVariablesAreAUsageErrorWithASentence() throws {
    let run = try verifyAuto(["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "4"])
    XCTAssertEqual(run.code, 2, run.all)
    XCTAssertEqual(run.out, "")
    assertContains(
      run.error,
      "duet-verify: --shard auto cannot use BUILDKITE_PARALLEL_JOB=4 with BUILDKITE_PARALLEL_JOB_COUNT=4 (Buildkite "
        + "counts shares from 0")
  }

  func testAStatusFileThatCannotBeCreatedIsAUsageErrorNamingIt() throws {
    let missing = "/nonexistent-duet-verify-folder/status"
    let run = try verifyAuto(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": missing])
    XCTAssertEqual(run.code, 2, run.all)
    assertContains(run.error, "TEST_SHARD_STATUS_FILE names '\(missing)', which could not be created")
  }
}
