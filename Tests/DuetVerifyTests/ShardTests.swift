import Foundation
import XCTest

@testable import DuetVerify

/// `--shard K/N` as CI relies on it: every recording in exactly one share, the same share on every
/// machine and in every version, unmoved by other recordings coming and going.
final class ShardTests: XCTestCase {
  let corpus = (0..<2_000).map { "feature\($0 % 7).scenario-\($0)" } + (0..<50).map { "chain-node-\($0)" }

  func testTheUnionOfAllSharesIsExactlyTheCorpusAndNoTwoShareARecording() {
    for count in [1, 2, 3, 4, 7, 16] {
      let shares = (1...count).map { Shard(index: $0, count: count).select(corpus) }
      XCTAssertEqual(shares.reduce(0) { $0 + $1.count }, corpus.count, "\(count) shards hold each recording once")
      XCTAssertEqual(shares.reduce(Set<String>()) { $0.union($1) }, Set(corpus), "\(count) shards cover the corpus")
    }
  }

  func testARecordingsShareDependsOnItsNameAloneNotOnTheOtherRecordings() {
    let before = Shard(index: 2, count: 4).select(corpus)
    let grown = corpus + (0..<500).map { "added.later-\($0)" }
    let after = Shard(index: 2, count: 4).select(grown)
    XCTAssertEqual(after.intersection(corpus), before, "adding recordings moves none of the others")
    XCTAssertEqual(
      Shard(index: 2, count: 4).select(Array(corpus.dropFirst(300))), before.subtracting(corpus.prefix(300)))
  }

  func testTheSplitIsFixedByDefinitionOnEveryMachine() {
    // Pinned: a change of hash would reshuffle every CI matrix, so it must be deliberate.
    XCTAssertEqual(
      ["counter", "counter-endings.keeps-counting", "chain-ping-pong", "splash.ceremony-completes"].map {
        Shard.shard(of: $0, count: 4)
      }, [4, 3, 3, 2])
    XCTAssertEqual(Shard.shard(of: "anything", count: 1), 1)
  }

  func testAddingAShardMovesOnlyAFewRecordings() {
    let moved = corpus.filter { Shard.shard(of: $0, count: 4) != Shard.shard(of: $0, count: 5) }
    XCTAssertLessThan(moved.count, corpus.count * 3 / 10, "about one in five moves, to the new shard")
    XCTAssertTrue(moved.allSatisfy { Shard.shard(of: $0, count: 5) == 5 })
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
