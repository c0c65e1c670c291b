import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// `mutate --json` is a mutation-testing report (the schema Stryker's HTML report and dashboard
/// read), checked with Python's `jsonschema` where it is installed.
final class MutationJSONReportTests: XCTestCase {
  typealias Fixtures = MutationRunFixtures

  var mixedRun: MutationRun {
    Fixtures.run(
      [
        Fixtures.survivor, Fixtures.result(.killed, id: "2"), Fixtures.result(.noCoverage, id: "3"),
        Fixtures.result(.timeout, id: "4"), Fixtures.result(.compileError, id: "5"),
        Fixtures.result(.runtimeError, id: "6"), Fixtures.hostile,
      ], minScore: 70)
  }

  func report(_ run: MutationRun) throws -> [String: Any] {
    let json = run.json { $0 == Fixtures.file ? Fixtures.source : Fixtures.hostileSource }
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// Every shape the renderer writes is checked in one test (one skip where the schema or
  /// `jsonschema` is missing): a run with every status and a hostile file, a run of no mutants, and
  /// a broken copy of the first, which the check must reject.
  func testEveryReportShapeValidatesAgainstTheMutationTestingSchemaAndABrokenReportDoesNot() throws {
    let json = mixedRun.json { $0 == Fixtures.file ? Fixtures.source : Fixtures.hostileSource }
    // The same report with a status the schema does not know and a column of 0: the check must fail.
    let broken = mixedRun.json { _ in "" }.replacingOccurrences(of: "\"Survived\"", with: "\"Lived\"")
      .replacingOccurrences(of: "\"column\":19", with: "\"column\":0")
    let results = try MutationSchemaCheck.validate([
      "every status": json, "no mutants": Fixtures.run([]).json { _ in nil }, "broken": broken,
    ])
    for shape in ["every status", "no mutants"] {
      let result = try XCTUnwrap(results[shape])
      XCTAssertEqual(result.code, 0, "the report of \(shape): " + result.out + result.error)
    }
    let rejected = try XCTUnwrap(results["broken"])
    XCTAssertNotEqual(rejected.code, 0, "a report with an unknown status passed the schema check")
    XCTAssertTrue(rejected.error.contains("Lived") || rejected.error.contains("minimum"), rejected.error)
  }

  func testMutantsCarryTheirLocationStatusAndTheRecordingsThatRanThem() throws {
    let report = try report(mixedRun)
    XCTAssertEqual(report["schemaVersion"] as? String, "2")
    XCTAssertEqual((report["framework"] as? [String: Any])?["name"] as? String, "duet-verify")
    XCTAssertEqual((report["thresholds"] as? [String: Int]) ?? [:], ["high": 80, "low": 70])
    let files = try XCTUnwrap(report["files"] as? [String: [String: Any]])
    let counter = try XCTUnwrap(files[Fixtures.file])
    XCTAssertEqual(counter["language"] as? String, "swift")
    XCTAssertEqual(counter["source"] as? String, Fixtures.source)
    let mutants = try XCTUnwrap(counter["mutants"] as? [[String: Any]])
    let survivor = mutants[0]
    XCTAssertEqual(survivor["id"] as? String, "1")
    XCTAssertEqual(survivor["mutatorName"] as? String, "RelationalBoundary")
    XCTAssertEqual(survivor["replacement"] as? String, "<=")
    XCTAssertEqual(survivor["status"] as? String, "Survived")
    XCTAssertEqual(
      survivor["location"] as? [String: [String: Int]],
      ["start": ["line": 4, "column": 19], "end": ["line": 4, "column": 20]])
    XCTAssertEqual(survivor["coveredBy"] as? [String], ["counter-basic", "counter-rename"])
    XCTAssertEqual(survivor["testsCompleted"] as? Int, 2)
    let killed = mutants[1]
    XCTAssertEqual(killed["killedBy"] as? [String], ["counter-basic"])
    XCTAssertEqual(killed["statusReason"] as? String, "state.count: expected 1, got -1")
    XCTAssertEqual(killed["duration"] as? Int, 40)
    XCTAssertEqual(mutants[2]["coveredBy"] as? [String], [])
    let tests = try XCTUnwrap(
      (report["testFiles"] as? [String: [String: Any]])?["Sources/Logic/CounterScenarios.swift"])
    XCTAssertEqual((tests["tests"] as? [[String: String]])?.map { $0["id"] }, ["counter-basic", "counter-rename"])
    XCTAssertEqual(
      report["performance"] as? [String: Int], ["setup": 900, "initialRun": 300, "mutation": 3_050])
  }

  func testHostileFileNamesAndSourceComeBackIntactFromTheJSON() throws {
    let files = try XCTUnwrap(try report(mixedRun)["files"] as? [String: [String: Any]])
    let hostile = try XCTUnwrap(files[Fixtures.hostile.mutant.file])
    XCTAssertEqual(hostile["source"] as? String, Fixtures.hostileSource)
  }
}
