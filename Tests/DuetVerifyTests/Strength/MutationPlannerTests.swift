import TestSupport
import XCTest

@testable import DuetVerify

/// The planner's contract with the drill: ids, positions, one-line diffs, the rewritten files
/// and the way back from a compile error to mutants.
final class MutationPlannerTests: XCTestCase {
  private var folder: TemporaryFolder!

  private let counter = """
    func counterReducer(state: inout CounterState, action: CounterAction) -> [CounterEffect] {
      switch action {
      case .increment:
        guard state.count < state.limit else { return [] }
        state.count += 1
        return [.log("at \\(state.count)")]
      }
    }
    """

  override func setUpWithError() throws {
    folder = try TemporaryFolder(prefix: "mutation-planner")
    try folder.write("Sources/Logic/Counter.swift", counter)
    try folder.write("Sources/Logic/Aardvark.swift", "let limit = 3\n")
  }

  override func tearDown() {
    folder = nil
  }

  private func plan(lines: [String: Set<Int>]? = nil, unschematized: Set<String> = []) throws -> MutationPlan {
    try MutationPlanner.plan(
      package: folder.url, files: ["Sources/Logic/Counter.swift", "Sources/Logic/Aardvark.swift"], table: nil,
      lines: lines, unschematized: unschematized)
  }

  func testIdsFollowFileThenSourceOrderAndRepeatExactly() throws {
    let first = try plan()
    XCTAssertEqual(first.mutants.map(\.id), (1...first.mutants.count).map(String.init))
    XCTAssertEqual(first.mutants.first?.file, "Sources/Logic/Aardvark.swift")
    XCTAssertEqual(
      first.mutants.filter { $0.file.hasSuffix("Counter.swift") }.map(\.mutationOperator),
      [.negatedCondition, .relationalBoundary, .compoundAssignment, .integerLiteral, .droppedEffects])
    let again = try plan()
    XCTAssertEqual(first.mutants, again.mutants)
    XCTAssertEqual(first.rewrittenFiles, again.rewrittenFiles)
  }

  func testPositionsAndOneLineDiffsAreTheOriginals() throws {
    let boundary = try XCTUnwrap(try plan().mutants.first { $0.mutationOperator == .relationalBoundary })
    XCTAssertEqual(boundary.start, SourcePosition(line: 4, column: 23))
    XCTAssertEqual(boundary.end, SourcePosition(line: 4, column: 24))
    XCTAssertEqual(boundary.originalLine, "    guard state.count < state.limit else { return [] }")
    XCTAssertEqual(boundary.mutatedLine, "    guard state.count <= state.limit else { return [] }")
  }

  func testThePlannerGivesEachMutantTheKindOfItsSite() throws {
    try folder.write("Sources/Logic/State.swift", "struct CounterState {\n  var isOpen = false\n}\n")
    let plan = try MutationPlanner.plan(
      package: folder.url, files: ["Sources/Logic/State.swift", "Sources/Logic/Aardvark.swift"], table: nil)
    XCTAssertEqual(
      plan.mutants.map { "\($0.file):\($0.original):\($0.siteKind?.rawValue ?? "nil")" },
      ["Sources/Logic/Aardvark.swift:3:code", "Sources/Logic/State.swift:false:storedPropertyDefault"])
  }

  func testEachMutantAppliedAloneChangesOnlyItsRangeAndRoundTrips() throws {
    for mutant in try plan().mutants where mutant.file.hasSuffix("Counter.swift") {
      let mutated = try XCTUnwrap(mutant.applied(to: counter), "mutant \(mutant.id)")
      XCTAssertNotEqual(mutated, counter)
      let back = Mutant(
        id: mutant.id, mutationOperator: mutant.mutationOperator, file: mutant.file, start: mutant.start,
        end: Self.position(after: mutant.replacement, from: mutant.start),
        original: mutant.replacement, replacement: mutant.original, originalLine: "", mutatedLine: "",
        schematized: false)
      XCTAssertEqual(back.applied(to: mutated), counter, "mutant \(mutant.id) does not round-trip")
    }
  }

  private static func position(after text: String, from start: SourcePosition) -> SourcePosition {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 1 else {
      return SourcePosition(line: start.line, column: start.column + text.unicodeScalars.count)
    }
    return SourcePosition(line: start.line + lines.count - 1, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
  }

  func testRewrittenFilesKeepEveryLineNumberAndAddOneSwitchPerModule() throws {
    let plan = try plan()
    XCTAssertEqual(
      Set(plan.rewrittenFiles.keys),
      ["Sources/Logic/Counter.swift", "Sources/Logic/Aardvark.swift", "Sources/Logic/DuetVerifyMutantSwitch.swift"])
    let rewritten = try XCTUnwrap(plan.rewrittenFiles["Sources/Logic/Counter.swift"])
    let original = counter.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = rewritten.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, original.count)
    XCTAssertEqual(lines[1], original[1], "a line without sites is unchanged")
    XCTAssertTrue(lines[3].contains("__duetVerifyMutants_Sources_Logic.flip("), String(lines[3]))
  }

  func testLinesKeepOnlyMutantsStartingThereWithTheirIds() throws {
    let all = try plan()
    let kept = try plan(lines: ["Sources/Logic/Counter.swift": [5]])
    XCTAssertEqual(kept.mutants.map(\.mutationOperator), [.compoundAssignment, .integerLiteral])
    XCTAssertEqual(
      kept.mutants.map(\.id), all.mutants.filter { $0.start.line == 5 && $0.file.hasSuffix("Counter.swift") }.map(\.id))
    XCTAssertNil(kept.rewrittenFiles["Sources/Logic/Aardvark.swift"])
  }

  func testUnschematizedMutantsAreLeftInTheirOriginalText() throws {
    let all = try plan()
    let onLine4 = all.mutantIDs(file: "Sources/Logic/Counter.swift", line: 4)
    XCTAssertEqual(onLine4.count, 2)
    let retried = try plan(unschematized: Set(onLine4))
    XCTAssertEqual(retried.mutants.filter { !$0.schematized }.map(\.id), onLine4)
    let line4 = retried.rewrittenFiles["Sources/Logic/Counter.swift"]?.split(separator: "\n")[3]
    XCTAssertEqual(line4.map(String.init), "    guard state.count < state.limit else { return [] }")
    XCTAssertEqual(retried.mutantIDs(file: "Sources/Logic/Counter.swift", line: 4), [])
  }

  func testALineOfTheSwitchFileNamesTheMutantItWasGeneratedFor() throws {
    let plan = try plan()
    let path = "Sources/Logic/DuetVerifyMutantSwitch.swift"
    let text = try XCTUnwrap(plan.rewrittenFiles[path])
    let boundary = try XCTUnwrap(plan.mutants.first { $0.mutationOperator == .relationalBoundary })
    let line = try XCTUnwrap(
      text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("infix operator") })
    XCTAssertEqual(plan.mutantIDs(file: path, line: line + 1), [boundary.id])
    XCTAssertEqual(plan.mutantIDs(file: path, line: 1), [])
  }

  func testAnUnreadableSourceIsAnErrorNamingIt() {
    XCTAssertThrowsError(try MutationPlanner.plan(package: folder.url, files: ["Sources/Logic/Gone.swift"], table: nil))
    {
      XCTAssertEqual($0 as? MutationPlanError, .unreadableSource(file: "Sources/Logic/Gone.swift"))
    }
  }
}
