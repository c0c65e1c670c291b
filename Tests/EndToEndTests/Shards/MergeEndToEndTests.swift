import Foundation
import TestSupport
import XCTest

/// `duet-verify merge`: the `--json` reports of every shard joined into the report of the whole
/// run, refused when they are not every share of one corpus by one runner.
final class MergeEndToEndTests: XCTestCase {
  var runner: String { (try? BuiltProducts.executable(named: "demo-runner").path) ?? "demo-runner" }

  /// Runs share `index` of `count` with `--json` and keeps its report as `shard-<index>.json`.
  @discardableResult
  func shard(_ index: Int, of count: Int, in repository: TemporaryRepository) throws -> CommandRun {
    let run = try repository.verify(["verify", "--shard", "\(index)/\(count)", "--json", "--runner", runner])
    _ = try repository.write("shard-\(index).json", run.out)
    return run
  }

  func summary(_ json: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try XCTUnwrap(object?["summary"] as? [String: Any], json)
  }

  func testThreeShardsMergedEqualTheUnshardedRunsCountsAndVerdict() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let whole = try summary(try repository.verify(["verify", "--json", "--runner", runner]).out)
    for index in 1...3 { try shard(index, of: 3, in: repository) }
    let merged = try repository.verify([
      "merge", "shard-1.json", "shard-2.json", "shard-3.json", "--json", "--junit", "merged.xml", "--html",
      "merged.html",
    ])
    XCTAssertEqual(merged.code, 0, merged.all)
    let joined = try summary(merged.out)
    for key in ["fixtures", "passed", "steps", "verdict"] {
      XCTAssertEqual("\(joined[key] ?? "none")", "\(whole[key] ?? "none")", key)
    }
    XCTAssertEqual(Set(joined["names"] as? [String] ?? []), Set(whole["names"] as? [String] ?? []))
    assertContains(try repository.read("merged.xml"), #"tests="4""#)
    let page = try repository.read("merged.html")
    assertContains(page, "4/4 recordings passed on swift")
    assertContains(page, "<section id=\"taxonomy\">")
    let human = try repository.verify([
      "merge", "shard-3.json", "shard-1.json", "shard-2.json", "--write-timings", "timings.json",
    ])
    let timings = try repository.read("timings.json")
    for name in ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting", "chain-ping-pong"] {
      assertContains(timings, "\"\(name)\":")
    }
    XCTAssertTrue(human.out.hasPrefix("duet-verify: 4/4 fixtures passed"), human.out)
    XCTAssertTrue(human.out.hasSuffix("duet-verify verify: PASS\n"), human.out)
  }

  func testAMergeWithAFailingShardFails() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    for index in 1...2 { try shard(index, of: 2, in: repository) }
    let merged = try repository.verify(["merge", "shard-1.json", "shard-2.json"])
    XCTAssertEqual(merged.code, 1, merged.all)
    assertContains(merged.out, "✗ fixture 'counter' step 1 'increment again' — state diverged")
    XCTAssertTrue(merged.out.hasSuffix("duet-verify verify: FAIL\n"), merged.out)
  }

  /// Two lanes, the Kotlin one a core that disagrees on `decrement`: the merged report has both
  /// lanes' counts and the parity breaks, as the unsharded run does.
  func testAMergeOfTwoLanesKeepsEachLanesCounts() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let kotlin =
      try BuiltProducts.executable(named: "misbehaving-runner").path
      + " --platform kotlin --fault off-by-one --on decrement"
    let lanes = ["--runner", runner, "--runner", kotlin]
    let whole = try repository.verify(["verify", "--quiet"] + lanes)
    for index in 1...2 {
      let run = try repository.verify(["verify", "--shard", "\(index)/2", "--json"] + lanes)
      _ = try repository.write("shard-\(index).json", run.out)
    }
    let merged = try repository.verify(["merge", "shard-1.json", "shard-2.json", "--html", "merged.html"])
    XCTAssertEqual(merged.code, 1, merged.all)
    assertContains(merged.out, "duet-verify: 3/3 fixtures passed on swift, 1/3 on kotlin (")
    assertContains(merged.out, "✗ parity break: 'counter' passes on swift but fails on kotlin, first at step 2")
    XCTAssertEqual(
      merged.out.components(separatedBy: "parity break").count, whole.out.components(separatedBy: "parity break").count,
      merged.out)
    let page = try repository.read("merged.html")
    assertContains(page, "kotlin")
    assertContains(page, "swift")
  }

  func testAnEmptyShareJoinsTheMerge() throws {
    let repository = try TemporaryRepository.counterCorpus()
    for index in 1...5 {
      let run = try repository.verify([
        "verify", "--shard", "\(index)/5", "--allow-empty-shard", "--json", "--runner", runner,
      ])
      _ = try repository.write("shard-\(index).json", run.out)
    }
    let merged = try repository.verify(["merge"] + (1...5).map { "shard-\($0).json" })
    XCTAssertEqual(merged.code, 0, merged.all)
    XCTAssertTrue(merged.out.hasPrefix("duet-verify: 4/4 fixtures passed"), merged.out)
  }

  func testAMissingShareIsNamed() throws {
    let repository = try TemporaryRepository.counterCorpus()
    for index in 1...3 { try shard(index, of: 3, in: repository) }
    let merged = try repository.verify(["merge", "shard-1.json", "shard-3.json"])
    XCTAssertEqual(merged.code, 2, merged.all)
    XCTAssertEqual(
      merged.error,
      "duet-verify merge: the reports of shard 2/3 are missing, so the run is incomplete. Give every shard's report "
        + "(check that each shard's job uploaded one).\n")
  }

  func testTheSameShareTwiceIsAnOverlap() throws {
    let repository = try TemporaryRepository.counterCorpus()
    for index in 1...2 { try shard(index, of: 2, in: repository) }
    _ = try repository.write("again.json", try repository.read("shard-1.json"))
    let merged = try repository.verify(["merge", "shard-1.json", "again.json", "shard-2.json"])
    XCTAssertEqual(merged.code, 2, merged.all)
    assertContains(merged.error, "duet-verify merge: shard-1.json and again.json are both shard 1/2.")
  }

  func testSharesOfDifferentCorporaAreRefused() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try shard(1, of: 2, in: repository)
    try repository.edit(
      "fixtures/counter-endings.keeps-counting.fixture.json", replacing: "\"count\": 1", with: "\"count\": 7")
    try shard(2, of: 2, in: repository)
    let merged = try repository.verify(["merge", "shard-1.json", "shard-2.json"])
    XCTAssertEqual(merged.code, 2, merged.all)
    assertContains(
      merged.error,
      "duet-verify merge: shard-1.json and shard-2.json ran different corpora (their corpus fingerprints differ).")
  }

  func testAManifestOfAnotherCorpusIsRefused() throws {
    let repository = try TemporaryRepository.counterCorpus()
    for index in 1...2 { try shard(index, of: 2, in: repository) }
    let other = try TemporaryRepository.counterCorpus(chain: false)
    let merged = try repository.verify([
      "merge", "shard-1.json", "shard-2.json", "--manifest", other.root.appendingPathComponent("manifest.yaml").path,
    ])
    XCTAssertEqual(merged.code, 2, merged.all)
    assertContains(merged.error, "is not the corpus shard-1.json ran (the corpus fingerprints differ).")
  }

  func testSharesRunByDifferentRunnersAreRefused() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try shard(1, of: 2, in: repository)
    let other = try BuiltProducts.executable(named: "misbehaving-runner").path
    let second = try repository.verify(["verify", "--shard", "2/2", "--json", "--runner", other])
    _ = try repository.write("shard-2.json", second.out)
    let merged = try repository.verify(["merge", "shard-1.json", "shard-2.json"])
    XCTAssertEqual(merged.code, 2, merged.all)
    assertContains(merged.error, "duet-verify merge: shard-1.json ran swift: \(runner) but shard-2.json ran test: ")
    assertContains(merged.error, "Run every shard with the same runners.")
  }

  func testAReportOfAnUnshardedRunIsRefused() throws {
    let repository = try TemporaryRepository.counterCorpus()
    _ = try repository.write("whole.json", try repository.verify(["verify", "--json", "--runner", runner]).out)
    let merged = try repository.verify(["merge", "whole.json"])
    XCTAssertEqual(merged.code, 2, merged.all)
    assertContains(merged.error, "duet-verify merge: whole.json is the report of a run that was not one share")
  }
}
