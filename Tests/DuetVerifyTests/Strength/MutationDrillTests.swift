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
}
