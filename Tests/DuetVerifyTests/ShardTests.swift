import Foundation
import XCTest

@testable import DuetVerify

/// `--shard K/N` as CI relies on it: every recording in exactly one share, the same split on every
/// machine, and shares of about the same cost.
final class ShardTests: XCTestCase {
  let corpus = (0..<2_000).map { "feature\($0 % 7).scenario-\($0)" } + (0..<50).map { "chain-node-\($0)" }

  func testTheUnionOfAllSharesIsExactlyTheCorpusAndNoTwoShareARecording() {
    for count in [1, 2, 3, 4, 7, 16] {
      let shares = (1...count).map { Shard(index: $0, count: count).select(corpus) }
      XCTAssertEqual(shares.reduce(0) { $0 + $1.count }, corpus.count, "\(count) shards hold each recording once")
      XCTAssertEqual(shares.reduce(Set<String>()) { $0.union($1) }, Set(corpus), "\(count) shards cover the corpus")
    }
  }

  func testEveryRecordingIsInExactlyOneShareForAnyCountAndCorpus() {
    for corpusSize in [0, 1, 2, 5, 17, 100, 333] {
      let names = (0..<corpusSize).map { "feature\($0 % 5).recording-\($0)" }
      // Costs scattered by a multiplicative hash of the position: ties, zeros and wide spreads.
      let costs = Dictionary(
        uniqueKeysWithValues: names.indices.map { (names[$0], Double(($0 &* 2_654_435_761 &+ corpusSize) % 10_007)) })
      for count in 1...40 {
        let shares = (1...count).map { Shard(index: $0, count: count).select(names) { costs[$0] ?? 0 } }
        XCTAssertEqual(
          shares.reduce(0) { $0 + $1.count }, names.count, "\(count) shards of \(corpusSize) hold each recording once")
        XCTAssertEqual(shares.reduce(Set<String>()) { $0.union($1) }, Set(names), "\(count) shards cover the corpus")
      }
    }
  }

  func testTheSplitIsTheSameWhateverOrderTheManifestListsRecordingsIn() {
    let cost: (String) -> Double = { Double($0.utf8.count % 13) }
    for index in 1...4 {
      let share = Shard(index: index, count: 4)
      XCTAssertEqual(share.select(corpus, cost: cost), share.select(corpus.reversed(), cost: cost))
    }
  }

  func testSharesOfACorpusWhoseRecordingsDiffer100FoldInSizeCostAlmostTheSame() {
    // A few huge recordings among many small ones: a split by name leaves one share far behind.
    let names = (0..<400).map { "skewed.recording-\($0)" }
    let cost: (String) -> Double = { name in Int(name.split(separator: "-").last ?? "")! % 40 == 0 ? 100_000 : 1_000 }
    let loads = (1...4).map { index in Shard(index: index, count: 4).select(names, cost: cost).map(cost).reduce(0, +) }
    let mean = loads.reduce(0, +) / 4
    XCTAssertLessThanOrEqual(loads.max() ?? 0, mean * 1.15, "shares cost \(loads)")
  }

  func testSharesAreEvenForALargeCorpus() {
    for index in 1...4 {
      let share = Shard(index: index, count: 4).select(corpus).count
      XCTAssertTrue((450...575).contains(share), "shard \(index)/4 holds \(share) of \(corpus.count)")
    }
  }

  func testEachShardNamesItsOwnReport() {
    let shard = Shard(index: 2, count: 4)
    XCTAssertEqual(shard.reportPath("reports/verify.xml"), "reports/verify.shard-2-of-4.xml")
    XCTAssertEqual(shard.reportPath("junit"), "junit.shard-2-of-4")
    XCTAssertEqual(shard.reportPath("out.d/report"), "out.d/report.shard-2-of-4")
    XCTAssertEqual(shard.reportPath(".junit"), ".junit.shard-2-of-4")
  }

  func testTheMachineReportsNameTheShard() {
    let result = FixtureResult(name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", stepCount: 1)
    let sharded = RunResult(fixtures: [result], runners: 1, shard: Shard(index: 2, count: 4))
    XCTAssertEqual(RunRecord(sharded).shard, "2/4")
    XCTAssertTrue(JSONReport.render(sharded).contains(#""shard":"2/4""#))
    XCTAssertTrue(JUnitReport.render(sharded).contains(#"<testsuite name="duet-verify shard 2 of 4""#))
    XCTAssertNil(RunRecord(RunResult(fixtures: [result], runners: 1)).shard)
  }
}
