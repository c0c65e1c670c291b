import Foundation
import XCTest

@testable import DuetVerify

/// What a run replays: --feature scoping, --shard shares, dispatch order, empty selections.
final class SchedulingTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))

  func manifest(_ text: String) -> Manifest { ManifestReader.read(text, location: location).manifest }

  let corpus = """
    features:
      counter:
        fixtures:
          - counter.a
          - counter.b
      lamp:
        fixtures:
          - lamp.a
      ping:
        fixtures: []
    chains:
      - chain-ping-lamp
    """

  func testShardsPartitionTheCorpusDeterministically() {
    let names = (0..<10).map { "f\($0)" }
    let shares = (1...3).map { Shard(index: $0, count: 3).select(names) }
    XCTAssertEqual(shares.reduce(Set<String>()) { $0.union($1) }, Set(names))
    XCTAssertEqual(Shard(index: 2, count: 3).select(names.reversed()), shares[1])
  }

  func testShardTextIsParsedStrictly() {
    XCTAssertEqual(Shard.parse("2/4"), Shard(index: 2, count: 4))
    XCTAssertNil(Shard.parse("0/4"))
    XCTAssertNil(Shard.parse("5/4"))
    XCTAssertNil(Shard.parse("2"))
    XCTAssertNil(Shard.parse("a/b"))
  }

  func testAFeatureScopesToItsRecordingsAndChainsThroughIt() throws {
    let selected = try FixtureSelection.select(
      from: manifest(corpus), features: ["lamp"], shard: nil, chainNodes: ["chain-ping-lamp": ["ping", "lamp"]])
    XCTAssertEqual(selected.map(\.name), ["lamp.a", "chain-ping-lamp"])
  }

  func testAnUnknownFeatureIsAUsageError() {
    XCTAssertThrowsError(try FixtureSelection.select(from: manifest(corpus), features: ["lmap"], shard: nil)) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: --feature lmap is not declared in manifest.yaml (declared: counter, lamp, ping). Did you mean 'lamp'?"
      )
    }
  }

  func testAFeatureWithoutRecordingsMatchesNothing() {
    XCTAssertThrowsError(try FixtureSelection.select(from: manifest(corpus), features: ["ping"], shard: nil)) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: feature 'ping' has no recordings, so --feature ping matches nothing to verify. Record it first "
          + "(duet-verify record --feature ping).")
    }
  }

  func testAnEmptyCorpusIsNeverAPass() {
    XCTAssertThrowsError(try FixtureSelection.select(from: manifest("chains: []\n"), features: [], shard: nil)) {
      error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: manifest.yaml lists no recordings, so there is nothing to verify. Declare features with "
          + "fixtures: and record them (duet-verify record).")
    }
  }

  func testAnEmptyShardIsAnError() throws {
    // `lamp` has one recording, so two of three shards hold none of it.
    let empty = try XCTUnwrap((1...3).first { !Shard(index: $0, count: 3).select(["lamp.a"]).contains("lamp.a") })
    XCTAssertThrowsError(
      try FixtureSelection.select(from: manifest(corpus), features: ["lamp"], shard: Shard(index: empty, count: 3))
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "duet-verify: shard \(empty)/3 holds no recordings (the selection has fewer recordings than shards). Use fewer "
          + "shards, or add --allow-empty-shard when a share may be empty.")
    }
  }

  func testAnEmptyShardIsAnEmptySelectionWithAllowEmptyShard() throws {
    let empty = try XCTUnwrap((1...3).first { !Shard(index: $0, count: 3).select(["lamp.a"]).contains("lamp.a") })
    let selected = try FixtureSelection.select(
      from: manifest(corpus), features: ["lamp"], shard: Shard(index: empty, count: 3), allowEmptyShard: true)
    XCTAssertEqual(selected.map(\.name), [])
  }

  func testRepeatedFeaturesScopeToEveryOneOfThem() throws {
    let selected = try FixtureSelection.select(from: manifest(corpus), features: ["counter", "lamp"], shard: nil)
    XCTAssertEqual(selected.map(\.name), ["counter.a", "counter.b", "lamp.a"])
  }

  func testBiggerRecordingsAreDispatchedFirst() {
    let listed = manifest(corpus).listedFixtures
    let sizes = ["counter.a": 10, "counter.b": 300, "lamp.a": 300, "chain-ping-lamp": 50]
    XCTAssertEqual(
      FixtureSelection.dispatchOrder(listed, sizes: listed.map { sizes[$0.name] ?? 0 }).map { listed[$0].name },
      ["counter.b", "lamp.a", "chain-ping-lamp", "counter.a"])
  }
}
