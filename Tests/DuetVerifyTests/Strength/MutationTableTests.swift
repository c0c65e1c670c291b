import TestSupport
import XCTest

@testable import DuetVerify

/// Duet's hand-written table, read with the duet CLI's rules: rows become mutants built alone,
/// and a bad row stops the plan with a sentence naming it.
final class MutationTableTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var package: URL { folder.url.appendingPathComponent("app") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder(prefix: "mutation-table")
    try folder.write("app/Sources/Logic/Counter.swift", "let limit = 40\nlet floor = 0\nlet ceiling = 40\n")
  }

  override func tearDown() {
    folder = nil
  }

  private func table(_ rows: String) throws -> MutationTable {
    try MutationTable.parse(#"{"mutations": [\#(rows)]}"#, root: folder.url, path: "parity/mutations.json")
  }

  private func row(
    name: String = "limit-off", file: String = "app/Sources/Logic/Counter.swift", old: String, new: String
  )
    -> String
  {
    #"{"name": "\#(name)", "file": "\#(file)", "old": "\#(old)", "new": "\#(new)", "seeds": "the limit moves"}"#
  }

  private func planError(_ table: MutationTable) -> MutationPlanError? {
    do {
      _ = try MutationPlanner.plan(package: package, files: [], table: table)
      return nil
    } catch {
      return error
    }
  }

  func testARowBecomesAMutantAtItsOnlyMatchBuiltAlone() throws {
    let plan = try MutationPlanner.plan(
      package: package, files: ["Sources/Logic/Counter.swift"],
      table: try table(row(old: "limit = 40", new: "limit = 41")))
    let mutant = try XCTUnwrap(plan.mutants.last)
    XCTAssertEqual(mutant.mutationOperator, .table)
    XCTAssertEqual(mutant.id, String(plan.mutants.count), "table rows come after the automatic mutants")
    XCTAssertEqual(mutant.file, "Sources/Logic/Counter.swift", "relative to the runner package")
    XCTAssertEqual(mutant.start, SourcePosition(line: 1, column: 5))
    XCTAssertEqual(mutant.end, SourcePosition(line: 1, column: 15))
    XCTAssertFalse(mutant.schematized)
    XCTAssertEqual(mutant.tableRow, "limit-off")
    XCTAssertEqual(mutant.seeds, ["the limit moves"])
    XCTAssertEqual(mutant.mutatedLine, "let limit = 41")
    let text = try folder.read("app/Sources/Logic/Counter.swift")
    XCTAssertEqual(mutant.applied(to: text), "let limit = 41\nlet floor = 0\nlet ceiling = 40\n")
  }

  func testAnOldThatOccursTwiceOrNeverStopsThePlanNamingTheRow() throws {
    XCTAssertEqual(
      planError(try table(row(old: "= 40", new: "= 41"))),
      .ambiguousOld(
        table: "parity/mutations.json", name: "limit-off", file: "app/Sources/Logic/Counter.swift", matches: 2))
    let never = try XCTUnwrap(planError(try table(row(old: "limit = 39", new: "limit = 41"))))
    XCTAssertEqual(
      never.description,
      "duet-verify mutate: parity/mutations.json: row 'limit-off': its \"old\" text does not occur in "
        + "app/Sources/Logic/Counter.swift; it must occur exactly once. Update \"old\" to the current source, or "
        + "remove the row.")
  }

  func testARowOutsideTheRunnerPackageStopsThePlan() throws {
    try folder.write("Other/Thing.swift", "let x = 1\n")
    XCTAssertEqual(
      planError(try table(row(file: "Other/Thing.swift", old: "x = 1", new: "x = 2"))),
      .outsidePackage(
        table: "parity/mutations.json", name: "limit-off", file: "Other/Thing.swift",
        package: package.standardizedFileURL.path))
  }

  func testAnUnreadableRowFileStopsThePlan() throws {
    XCTAssertEqual(
      planError(try table(row(file: "app/Sources/Gone.swift", old: "a", new: "b"))),
      .unreadableRowFile(table: "parity/mutations.json", name: "limit-off", file: "app/Sources/Gone.swift"))
  }

  func testRowsOfOtherPlatformsAreSkippedAndNamed() throws {
    let plan = try MutationPlanner.plan(
      package: package, files: [],
      table: try table(row(name: "kotlin-row", file: "android/Feature.kt", old: "a", new: "b")))
    XCTAssertEqual(plan.mutants, [])
    XCTAssertEqual(plan.skippedTableRows, ["kotlin-row"])
  }

  func testTheDuetRulesForRows() {
    let cases: [(String, MutationPlanError)] = [
      ("", .emptyTable(table: "parity/mutations.json")),
      (
        #"{"name": "a", "file": "f.swift", "old": "x", "new": "y"}"#,
        .incompleteRow(table: "parity/mutations.json", row: 1)
      ),
      (
        #"{"name": "a", "file": "f.swift", "old": "x", "new": "x", "seeds": "s"}"#,
        .unchangedRow(table: "parity/mutations.json", name: "a")
      ),
      (
        #"{"name": "a", "file": "f.swift", "old": "x", "new": "y", "seeds": "s"}, {"name": "a", "file": "f.swift", "old": "z", "new": "", "seeds": "t"}"#,
        .duplicateName(table: "parity/mutations.json", name: "a")
      ),
    ]
    for (rows, expected) in cases {
      XCTAssertThrowsError(try table(rows), rows) { XCTAssertEqual($0 as? MutationPlanError, expected, rows) }
    }
  }

  func testAnEmptyNewDeletesAndSeedsMayBeAList() throws {
    let parsed = try table(#"{"name": "a", "file": "f.swift", "old": "x", "new": "", "seeds": ["one", "two"]}"#)
    XCTAssertEqual(
      parsed.rows, [MutationTable.Row(name: "a", file: "f.swift", old: "x", new: "", seeds: ["one", "two"])])
  }

  func testATableThatIsNotTheShapeSaysSo() {
    XCTAssertThrowsError(try MutationTable.parse(#"{"rows": []}"#, root: folder.url, path: "parity/mutations.json")) {
      guard case .unreadableTable(let table, _)? = $0 as? MutationPlanError else { return XCTFail("\($0)") }
      XCTAssertEqual(table, "parity/mutations.json")
    }
    XCTAssertThrowsError(try MutationTable.parse("{", root: folder.url, path: "parity/mutations.json"))
  }

  func testTheTableIsFoundInParityThenBesideTheManifest() throws {
    let manifestFolder = folder.url.appendingPathComponent("app")
    XCTAssertNil(MutationTable.locate(root: folder.url, manifestFolder: manifestFolder))
    let beside = try folder.write("app/mutations.json", "{}")
    XCTAssertEqual(MutationTable.locate(root: folder.url, manifestFolder: manifestFolder), beside)
    let parity = try folder.write("parity/mutations.json", "{}")
    XCTAssertEqual(MutationTable.locate(root: folder.url, manifestFolder: manifestFolder), parity)
  }
}
