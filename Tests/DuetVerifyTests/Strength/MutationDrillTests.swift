import Foundation
import XCTest

@testable import DuetVerify

final class MutationDrillTests: XCTestCase {
  private func mutant(_ id: String, line: Int) -> Mutant {
    Mutant(
      id: id, mutationOperator: .equality, file: "Sources/A/A.swift", start: SourcePosition(line: line, column: 5),
      end: SourcePosition(line: line, column: 7), original: "==", replacement: "!=", originalLine: "", mutatedLine: "",
      schematized: true)
  }

  func testACompileErrorAtAMutatedLineNamesTheMutantsOnThatLineOnly() {
    let package = URL(fileURLWithPath: "/tmp/scratch/package")
    let plan = MutationPlan(
      mutants: [mutant("1", line: 4), mutant("2", line: 4), mutant("3", line: 9)], rewrittenFiles: [:])
    let output = """
      Compiling A A.swift
      /tmp/scratch/package/Sources/A/A.swift:4:12: error: cannot convert value of type 'Bool'
      /tmp/scratch/package/Sources/B/B.swift:9:1: error: elsewhere
      /tmp/scratch/package/Sources/A/A.swift:9:1: warning: not an error
      """
    XCTAssertEqual(MutationDrill.brokenMutants(output, plan: plan, package: package), ["1", "2"])
  }

  func testRecordingsAreGroupedByFeatureAndEachChainIsAGroupOfItsOwn() {
    let groups = MutationDrill.groups([
      ListedFixture(name: "a.one", line: 1, owner: "a"), ListedFixture(name: "b.one", line: 2, owner: "b"),
      ListedFixture(name: "a.two", line: 3, owner: "a"), ListedFixture(name: "chain-x", line: 4, owner: nil),
    ])
    XCTAssertEqual(groups.map(\.name), ["a", "b", "chain-x"])
    XCTAssertEqual(groups[0].recordings.map(\.name), ["a.one", "a.two"])
  }

  /// A mutant two recordings notice ("b" and "d", of "a"…"e"): whichever the replay finished first,
  /// the drill names "b", the first of them in the corpus's order, at its own first failing step.
  /// The replay here is a stand-in for the pipelined one: it dispatches in a random order (as
  /// biggest-first on recordings of random sizes) and stops dispatching a random number of results
  /// after the first failure comes back (what was in flight still answers), as timing and `--jobs`
  /// make the real one do.
  func testAMutantTwoRecordingsNoticeIsAlwaysKilledByTheFirstOfThemInCorpusOrder() {
    let recordings = ["a", "b", "c", "d", "e"].enumerated().map { ListedFixture(name: $1, line: $0 + 1, owner: "f") }
    let failingStep = ["b": 3, "d": 1]
    var random = SeededRandom(seed: 7)
    var named: [String: Int] = [:]
    var replays = 0
    for _ in 0..<500 {
      let verdict = MutationDrill.firstDetection(recordings, timeout: 2) { chosen in
        replays += 1
        var results: [FixtureResult] = []
        var inFlight: Int?
        for fixture in chosen.shuffled(using: &random) {
          if let left = inFlight {
            if left == 0 { break }
            inFlight = left - 1
          }
          let failure = failingStep[fixture.name].map { FixtureFailure(reason: .stateDiverged, step: $0) }
          results.append(
            FixtureResult(name: fixture.name, kind: .leaf, file: fixture.name, stepCount: 5, failure: failure))
          if failure != nil && inFlight == nil { inFlight = Int.random(in: 0...2, using: &random) }
        }
        // Results come back in the corpus's order, as a pass keeps them.
        let order = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1.name, $0) })
        return (results.sorted { order[$0.name, default: 0] < order[$1.name, default: 0] }, [])
      }
      XCTAssertEqual(verdict?.status, .killed)
      XCTAssertEqual(verdict?.step, 3, "the named recording's own first failing step")
      named[verdict?.recording ?? "none", default: 0] += 1
    }
    XCTAssertEqual(named, ["b": 500], "the recording named must not depend on which replay answered first")
    XCTAssertGreaterThan(replays, 500, "some rounds had to replay the earlier recordings again")
  }

  func testASurvivorIsReplayedOnceAndAMutantThatKillsTheFirstRecordingIsNotReplayedAgain() {
    let recordings = ["a", "b"].enumerated().map { ListedFixture(name: $1, line: $0 + 1, owner: "f") }
    var calls: [[String]] = []
    let survivor = MutationDrill.firstDetection(recordings, timeout: 2) { chosen in
      calls.append(chosen.map(\.name))
      return (chosen.map { FixtureResult(name: $0.name, kind: .leaf, file: $0.name, stepCount: 1) }, [])
    }
    XCTAssertNil(survivor)
    XCTAssertEqual(calls, [["a", "b"]])
    calls = []
    let killed = MutationDrill.firstDetection(recordings, timeout: 2) { chosen in
      calls.append(chosen.map(\.name))
      // Only "b" came back, failing: "a" is replayed again, and its failure is the one named.
      let failure = FixtureFailure(reason: .stateDiverged, step: 0)
      return ([FixtureResult(name: chosen.last?.name ?? "", kind: .leaf, file: "", stepCount: 1, failure: failure)], [])
    }
    XCTAssertEqual(killed?.recording, "a")
    XCTAssertEqual(calls, [["a", "b"], ["a"]])
  }
}

/// A small seeded generator (SplitMix64), so a random schedule is the same on every run of the test.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
