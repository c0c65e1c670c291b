import XCTest

@testable import DuetVerify

/// `--shard auto`: each CI engine's variables name the same share as the explicit `K/N`, and
/// variables that cannot name one are refused with a sentence.
final class CIShardVariablesTests: XCTestCase {
  func testEachEnginesVariablesNameTheSameShareAsTheExplicitOne() throws {
    let cases: [([String: String], String)] = [
      (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "2/3"),
      (["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], "2/3"),
      (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"], "1/4"),
      (["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_STATUS_FILE": "/tmp/x"], "4/4"),
    ]
    for (environment, explicit) in cases {
      XCTAssertEqual(try CIShardVariables.resolve(environment).shard, Shard.parse(explicit), "\(environment)")
    }
  }

  func testTheSummaryNamesTheVariablesThatChoseTheShare() throws {
    let found = try CIShardVariables.resolve(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"])
    XCTAssertEqual(found.source, "from GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=3")
  }

  func testNoVariablesIsOneShareAndSaysSo() throws {
    let found = try CIShardVariables.resolve(["PATH": "/usr/bin"])
    XCTAssertNil(found.shard)
    XCTAssertEqual(
      found.source, "no CI shard variables set (GitLab, Buildkite, CircleCI, Bazel), so one share: every recording")
  }

  func testAHalfSetPairIsRefused() {
    XCTAssertThrowsError(try CIShardVariables.resolve(["CIRCLE_NODE_TOTAL": "4"])) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: --shard auto found CIRCLE_NODE_TOTAL set but not CIRCLE_NODE_INDEX (CircleCI), so the share "
          + "is unknown. Set both, or give the share as --shard K/N.")
    }
  }

  func testAnIndexOutOfItsEnginesRangeIsRefused() {
    // GitLab counts from 1: index 0 is no share.
    XCTAssertThrowsError(try CIShardVariables.resolve(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"])) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: --shard auto cannot use CI_NODE_INDEX=0 with CI_NODE_TOTAL=3 (GitLab counts shares from 1, so "
          + "CI_NODE_INDEX must be from 1 to CI_NODE_TOTAL). Fix the CI job's parallelism settings, or give the "
          + "share as --shard K/N.")
    }
    XCTAssertThrowsError(
      try CIShardVariables.resolve(["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]))
  }

  func testTwoEnginesNamingDifferentSharesAreRefused() {
    let environment = ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"]
    XCTAssertThrowsError(try CIShardVariables.resolve(environment)) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: --shard auto found two CI engines naming different shares: GitLab gives 1/2, CircleCI gives "
          + "2/2. Unset one engine's variables, or give --shard K/N.")
    }
  }
}
