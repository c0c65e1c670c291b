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
  /// The replay here stands in for the pipelined one under every schedule timing and `--jobs` can
  /// give it: each dispatch order of the five (as biggest-first orders recordings of any sizes),
  /// and 0 to 4 more results after the first failure came back (what was in flight still answers).
  func testAMutantTwoRecordingsNoticeIsAlwaysKilledByTheFirstOfThemInCorpusOrder() {
    let names = ["a", "b", "c", "d", "e"]
    let recordings = names.enumerated().map { ListedFixture(name: $1, line: $0 + 1, owner: "f") }
    let failingStep = ["b": 3, "d": 1]
    var named: [String: Int] = [:]
    var replays = 0
    for order in Self.permutations(names) {
      for inFlightAfterFailure in 0...4 {
        let verdict = MutationDrill.firstDetection(recordings, timeout: 2) { chosen in
          replays += 1
          var results: [FixtureResult] = []
          var left: Int?
          for name in order where chosen.contains(where: { $0.name == name }) && left != 0 {
            left = left.map { $0 - 1 }
            let failure = failingStep[name].map { FixtureFailure(reason: .stateDiverged, step: $0) }
            results.append(FixtureResult(name: name, kind: .leaf, file: name, stepCount: 5, failure: failure))
            if failure != nil && left == nil { left = inFlightAfterFailure }
          }
          // Results come back in the corpus's order, as a pass keeps them.
          return (results.sorted { $0.name < $1.name }, [])
        }
        XCTAssertEqual(verdict?.status, .killed)
        XCTAssertEqual(verdict?.step, 3, "the named recording's own first failing step")
        named[verdict?.recording ?? "none", default: 0] += 1
      }
    }
    XCTAssertEqual(named, ["b": 600], "the recording named must not depend on which replay answered first")
    XCTAssertGreaterThan(replays, 600, "some schedules had to replay the earlier recordings again")
  }

  /// Every order of `items`.
  static func permutations(_ items: [String]) -> [[String]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(rest).map { [first] + $0 }
    }
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
