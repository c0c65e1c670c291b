import Foundation
import TestSupport
import XCTest

/// `duet-verify mutate` with Duet's table (`parity/mutations.json`) and the real planner on the
/// throwaway ``DrillApp``: a row whose `old` occurs twice or never stops the drill before anything
/// is copied, built or replayed; `--table-only` judges the rows alone, each on a build of its
/// own, and a row whose `new` does not compile is a `CompileError` the score leaves out.
///
/// Skipped when `swift` is not on PATH, or with DUET_SKIP_ADOPTER=1 like the other real-build tests.
final class MutateTableEndToEndTests: XCTestCase {
  /// A table of `rows` (name, file, old, new) written into the app's `parity/mutations.json`.
  func writeTable(_ rows: [(String, String, String, String)], into app: DrillApp) throws {
    let objects = rows.map { ["name": $0.0, "file": $0.1, "old": $0.2, "new": $0.3, "seeds": "a defect"] }
    let url = app.root.appendingPathComponent("parity/mutations.json")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: ["mutations": objects], options: [.sortedKeys]).write(to: url)
  }

  /// The app with `rows` in its table, `mutate arguments` run on it with the planner (no hand-made
  /// plan), its scratch parent under the test's own temporary folder.
  func run(_ rows: [(String, String, String, String)], _ arguments: [String] = []) throws -> (
    CommandRun, DrillApp, URL
  ) {
    if let skip = RealBuilds.skipReason("mutate", purpose: "mutate builds a throwaway runner package") {
      throw XCTSkip(skip)
    }
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate-table")
    addTeardownBlock { _ = folder }
    let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
    try writeTable(rows, into: app)
    let temporary = folder.url.appendingPathComponent("t")
    let run = try MutateEndToEndTests.mutate(arguments, in: app.root, plan: nil, temporary: temporary)
    return (run, app, temporary)
  }

  /// The drill with `rows` stops with exit 1 saying `sentence`, before anything is copied, built
  /// or replayed: no scratch parent, no `.build` in the app, no phase said, no score.
  func assertRefused(
    _ rows: [(String, String, String, String)], saying sentence: String, line: UInt = #line
  ) throws {
    let (run, app, temporary) = try run(rows)
    XCTAssertEqual(run.code, 1, run.all, line: line)
    assertContains(run.error, sentence, line: line)
    let scratch = temporary.appendingPathComponent("duet-verify-strength")
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path), "a scratch copy was made", line: line)
    XCTAssertFalse(FileManager.default.fileExists(atPath: app.root.appendingPathComponent(".build").path), line: line)
    for phase in ["building", "baseline", "judging", "mutation score"] {
      XCTAssertFalse(run.all.contains(phase), run.all, line: line)
    }
  }

  func testATableRowWhoseOldOccursTwiceIsAConfigErrorNamingTheRowBeforeAnythingIsBuilt() throws {
    try assertRefused(
      [("effects", DrillApp.tallyFile, "return [", "return [] + [")],
      saying: "parity/mutations.json: row 'effects': its \"old\" text occurs 2 times in \(DrillApp.tallyFile); it "
        + "must occur exactly once.")
  }

  func testATableRowWhoseOldOccursNowhereIsAConfigErrorNamingTheRowBeforeAnythingIsBuilt() throws {
    try assertRefused(
      [
        ("bump", DrillApp.tallyFile, "state.count += 1", "state.count += 2"),
        ("stale", DrillApp.gaugeFile, "state.level *= 2", "state.level *= 3"),
      ],
      saying: "parity/mutations.json: row 'stale': its \"old\" text does not occur in \(DrillApp.gaugeFile); it "
        + "must occur exactly once. Update \"old\" to the current source, or remove the row.")
  }

  func testTableOnlyJudgesTheRowsAloneAndARowThatDoesNotCompileIsLeftOutOfTheScore() throws {
    let (run, _, _) = try run(
      [
        ("level-step", DrillApp.gaugeFile, "state.level += 1", "state.level += 2"),
        ("no-build", DrillApp.tallyFile, "state.count += 1", "state.count += \"one\""),
      ], ["--table-only"])
    // One row killed, one that does not build: 100%, and no automatic mutant (the app has many) judged.
    XCTAssertEqual(run.code, 0, run.all)
    let lines = run.out.split(separator: "\n").map(String.init)
    let summary = try XCTUnwrap(lines.first { $0.hasPrefix("duet-verify: mutation score") }, run.all)
    XCTAssertTrue(
      summary.hasPrefix("duet-verify: mutation score 100% (1 killed, 0 survived, 1 compile error) in "), summary)
    let broken = try XCTUnwrap(lines.first { $0.contains(" did not build: ") }, run.out)
    XCTAssertTrue(broken.hasPrefix("\(DrillApp.tallyFile):22:"), broken)
    assertContains(broken, "Table table row 'no-build' (not scored): ")
    assertContains(broken, "error:")
    XCTAssertEqual(lines.last, "duet-verify mutate: PASS", run.out)
  }

  /// A two-platform table whose rows are all Kotlin: `--table-only` makes no mutant. Nothing is
  /// built or replayed, no score is claimed (no `100%`), and with `--min-score` the verdict says
  /// zero mutants cannot meet it (exit 0 still: nothing survived). An empty table never gets here:
  /// it is a config error (at least one row).
  func testTableOnlyWithNoSwiftRowMakesNoMutantAndClaimsNoScore() throws {
    let rows = [("kotlin-only", "core/src/Tally.kt", "count + 1", "count + 2")]
    for (arguments, gate) in [(["--table-only"], false), (["--table-only", "--min-score", "50"], true)] {
      let (run, app, _) = try run(rows, arguments)
      XCTAssertEqual(run.code, 0, run.all)
      XCTAssertFalse(run.error.contains("building the mutated copy"), "the drill built for no mutant: \(run.all)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: app.root.appendingPathComponent(".build").path))
      assertContains(run.out, "duet-verify: no mutation score (0 killed, 0 survived) in ")
      assertContains(run.out, "--table-only runs only Duet's table")
      XCTAssertFalse(run.out.contains("score 100%"), run.out)
      let verdict = run.out.split(separator: "\n").last.map(String.init)
      XCTAssertEqual(
        verdict,
        gate
          ? "duet-verify mutate: PASS (nothing survived, but no mutant was scored, so --min-score 50% cannot be "
            + "met: zero mutants say nothing about the corpus)"
          : "duet-verify mutate: PASS (no mutant was scored: this says nothing about the corpus)", run.out)
      let report = try Data(contentsOf: app.root.appendingPathComponent(".runs/mutate/summary.json"))
      let files = (try JSONSerialization.jsonObject(with: report) as? [String: Any])?["files"] as? [String: Any]
      XCTAssertEqual(files?.count, 0, "the report's files are empty")
    }
  }
}
