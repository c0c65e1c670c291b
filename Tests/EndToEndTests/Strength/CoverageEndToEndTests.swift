import Foundation
import TestSupport
import XCTest

/// `duet-verify coverage` against a throwaway app (``TallyApp``) built for real with coverage
/// instrumentation: one run, made when the first test reads it (an instrumented build takes a while), with
/// `--min-lines 100 --json --html --junit` under `GITHUB_ACTIONS=true`, whose result each test
/// reads. The run's temporary folder (`TMPDIR`) is the test's own, so its scratch copies can be
/// seen and counted. Before it, a `verify` (with a runner that does not serve the feature) leaves
/// a failure in `.runs/verify/` for `explain`, and `.runs/coverage` is a link leading out of the
/// app; after it, the `next:` command the run's options make runs as a shell reads it.
///
/// Skipped when `swift` is not on PATH, or with DUET_SKIP_ADOPTER=1 like the other real-build tests.
final class CoverageEndToEndTests: XCTestCase {
  /// The shared run and what surrounds it.
  struct Shared {
    var folder: TemporaryFolder
    var app: TallyApp
    var temporary: URL
    var before: [String: Data]
    var after: [String: Data]
    var stray: URL
    var run: CommandRun
    var html: URL
    var junit: URL
    /// Where `.runs/coverage` led before the run, and `explain` before and after it.
    var elsewhere: URL
    /// `.runs/coverage/summary.json` right after the run (the `next:` run writes its own later).
    var kept: String?
    var explainBefore: CommandRun
    var explainAfter: CommandRun
    /// The `next:` command of the run, run through `sh -c` as printed.
    var nextCommand: String
    var next: CommandRun
  }

  /// The one coverage run, made when the first test reads it.
  static let shared = ClassRun(
    skipReason: {
      RealBuilds.skipReason("coverage", purpose: "coverage builds an instrumented throwaway runner package")
    }, make: makeShared)

  private static func makeShared() throws -> Shared {
    let folder = try TemporaryFolder(prefix: "duet-verify-coverage")
    let app = try TallyApp.write(into: folder.url.appendingPathComponent("app"))
    let temporary = folder.url.appendingPathComponent("tmp")
    // A scratch a killed run left: its pid is one that has ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let stray = temporary.appendingPathComponent("duet-verify-strength/\(ended.processIdentifier)-dead/package")
    try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
    let tool = try BuiltProducts.executable(named: "duet-verify")
    // The last verify's report, with a failure `explain` re-renders: coverage must leave it alone.
    _ = try CommandRun.run(
      tool, ["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path], in: app.root)
    let explainBefore = try CommandRun.run(tool, ["explain"], in: app.root)
    // A checkout can commit anything under .runs/: here the report's folder leads out of the app.
    let elsewhere = folder.url.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: app.root.appendingPathComponent(".runs/coverage"), withDestinationURL: elsewhere)
    let before = app.tree()
    let html = folder.url.appendingPathComponent("reports/coverage.html")
    let junit = folder.url.appendingPathComponent("reports/coverage.xml")
    let run = try StrengthCommands.run(
      ["coverage", "--min-lines", "100", "--json", "--html", html.path, "--junit", junit.path], in: app.root,
      temporary: temporary, environment: ["GITHUB_ACTIONS": "true"])
    let after = app.tree()
    let kept = try? String(
      contentsOf: app.root.appendingPathComponent(".runs/coverage/summary.json"), encoding: .utf8)
    let explainAfter = try CommandRun.run(tool, ["explain"], in: app.root)
    // The run's options as its `next:` line renders them (its report files left out), run as printed.
    let nextCommand = "duet-verify coverage --feature tally --min-lines 100"
    let next = try StrengthCommands.shell(nextCommand, in: app.root, temporary: temporary)
    return Shared(
      folder: folder, app: app, temporary: temporary, before: before, after: after,
      stray: stray.deletingLastPathComponent(), run: run, html: html, junit: junit, elsewhere: elsewhere,
      kept: kept, explainBefore: explainBefore, explainAfter: explainAfter, nextCommand: nextCommand, next: next)
  }

  override class func tearDown() {
    shared.drop()
    super.tearDown()
  }

  private func sharedRun() throws -> Shared { try Self.shared.value() }

  /// The one unreached region of the reducer, as `--json` reports it.
  private func unreachedRegions(_ run: CommandRun) throws -> [[String: Any]] {
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], run.all)
    let features = try XCTUnwrap(object["features"] as? [[String: Any]], run.out)
    let tally = try XCTUnwrap(features.first { $0["feature"] as? String == "tally" }, run.out)
    let files = try XCTUnwrap(tally["files"] as? [[String: Any]], run.out)
    let file = try XCTUnwrap(
      files.first { $0["path"] as? String == "Sources/TallyFeatures/TallyFeature.swift" }, "\(files)")
    return try XCTUnwrap(file["unreached"] as? [[String: Any]])
  }

  func testCoverageNamesTheUnreachedCaseAtItsFileAndLine() throws {
    let shared = try sharedRun()
    let regions = try unreachedRegions(shared.run)
    let reset = try XCTUnwrap(regions.first { $0["case"] as? String == "case .reset" }, "\(regions)")
    XCTAssertEqual(reset["line"] as? Int, TallyApp.resetLine)
    XCTAssertEqual(reset["function"] as? String, "func tallyReducer")
    XCTAssertEqual(reset["feature"] as? String, "tally")
    XCTAssertFalse(
      regions.contains { $0["case"] as? String == "case .bump" }, "the recorded case counts as reached: \(regions)")
    let page = try String(contentsOf: shared.html, encoding: .utf8)
    assertContains(page, "<tr class=\"miss\"><td class=\"n\">\(TallyApp.resetLine)</td>")
    assertContains(page, "Sources/TallyFeatures/TallyFeature.swift:\(TallyApp.resetLine):3: not reached")
  }

  func testUnderGitHubActionsEachUnreachedRegionIsANoticeAndJUnitFailsTheFeatureBelowTheBar() throws {
    let shared = try sharedRun()
    assertContains(
      shared.run.error,
      "::notice file=Sources/TallyFeatures/TallyFeature.swift,line=\(TallyApp.resetLine),col=3,")
    let junit = try String(contentsOf: shared.junit, encoding: .utf8)
    assertContains(junit, "<testcase classname=\"duet-verify.coverage\" name=\"tally\"")
    assertContains(junit, "is below --min-lines 100%\" type=\"coverage\">")
  }

  func testCoverageBelowMinLinesExitsOne() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.run.code, 1, shared.run.all)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shared.run.out.utf8)) as? [String: Any])
    XCTAssertEqual(object["passed"] as? Bool, false)
    XCTAssertEqual(object["minLines"] as? Int, 100)
    let lines = try XCTUnwrap(object["lines"] as? [String: Any])
    XCTAssertLessThan(try XCTUnwrap(lines["covered"] as? Int), try XCTUnwrap(lines["count"] as? Int))
  }

  func testCoverageLeavesTheUsersTreeByteIdenticalButForItsReportWithoutABuildFolder() throws {
    let shared = try sharedRun()
    XCTAssertFalse(shared.before.isEmpty)
    assertContains(shared.run.out, "\"verb\":\"coverage\"")
    XCTAssertEqual(
      TallyApp.changes(from: shared.before, to: shared.after), [".runs/coverage/summary.json"],
      "coverage changed the user's tree beyond its report")
    XCTAssertFalse(FileManager.default.fileExists(atPath: shared.app.root.appendingPathComponent(".build").path))
  }

  func testCoverageKeepsItsJSONReportInRunsNeverWhereAPlantedLinkLeads() throws {
    let shared = try sharedRun()
    let runs = shared.app.root.appendingPathComponent(".runs/coverage")
    XCTAssertEqual(shared.kept, shared.run.out, "the report in .runs/ is the run's --json object")
    XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: runs.path), "the link is still there")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared.elsewhere.path), [])
    assertContains(
      shared.run.error,
      "duet-verify coverage: .runs/coverage was a link; duet-verify removed it (not what it "
        + "pointed to) and made a real folder.")
  }

  func testVerifysFailuresInRunsSurviveACoverageRunForExplain() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.explainBefore.code, 1, shared.explainBefore.all)
    assertContains(shared.explainBefore.out, "✗ fixture 'tally.bumps' — feature not served by the runner")
    XCTAssertEqual(shared.explainAfter.code, 1, shared.explainAfter.all)
    XCTAssertEqual(shared.explainAfter.out, shared.explainBefore.out)
  }

  func testTheNextLineRunsAsPrintedAndPrintsItselfAgain() throws {
    let shared = try sharedRun()
    let next = shared.next
    XCTAssertEqual(next.code, 1, next.all)
    let lines = next.out.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.filter { $0.hasPrefix("next:") }, ["next: " + shared.nextCommand], next.out)
    assertContains(next.out, "Sources/TallyFeatures/TallyFeature.swift:\(TallyApp.resetLine):3: not reached")
    XCTAssertEqual(lines.last, "duet-verify coverage: FAIL", next.out)
  }

  func testCoverageRemovesItsScratchAndTheScratchAKilledRunLeft() throws {
    let shared = try sharedRun()
    XCTAssertFalse(FileManager.default.fileExists(atPath: shared.stray.path), "the killed run's scratch is left")
    let parent = shared.temporary.appendingPathComponent("duet-verify-strength")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [], "a scratch is left")
  }

  func testCoverageInterruptedDuringItsBuildRemovesTheScratchAndLeavesTheTreeAsItWas() throws {
    let shared = try sharedRun()
    let temporary = shared.folder.url.appendingPathComponent("tmp-interrupted")
    // The earlier runs' reports (.runs/coverage/summary.json among them) are part of what must not change.
    let before = shared.app.tree()
    let parent = temporary.appendingPathComponent("duet-verify-strength")
    // Interrupted 0.3 s into the build proper: once a scratch holds its build folder.
    let run = try StrengthCommands.interrupted(
      ["coverage"], in: shared.app.root, temporary: temporary, waitingAtMost: 300, settle: 300_000
    ) {
      let scratches = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
      return scratches.contains {
        FileManager.default.fileExists(atPath: parent.appendingPathComponent("\($0)/build").path)
      }
    }
    XCTAssertTrue(run.reached, "the instrumented build never started: \(run.error)")
    XCTAssertEqual(run.status, 130, run.error)
    assertContains(run.error, "duet-verify coverage: interrupted (SIGINT)")
    XCTAssertFalse(run.error.contains("failed"), "the build the interrupt killed was reported as failing: \(run.error)")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path), [],
      "the scratch is left: \(FileTree.listing(parent).prefix(60)); processes still running there: "
        + "\(MutateEndToEndTests.processes(mentioning: temporary.path))")
    XCTAssertNotNil(before[".runs/coverage/summary.json"])
    XCTAssertEqual(
      TallyApp.changes(from: before, to: shared.app.tree()), [],
      "the interrupted run changed the user's tree (its report included)")
  }

  func testCoverageRefusesARunnerGivenWithRunner() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-coverage-runner")
    let app = try TallyApp.write(into: folder.url)
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["coverage", "--runner", "/bin/cat"], in: app.root)
    XCTAssertEqual(run.code, 2, run.all)
    assertContains(run.error, "a runner given with --runner ('/bin/cat') cannot be instrumented")
    XCTAssertFalse(FileManager.default.fileExists(atPath: app.root.appendingPathComponent(".build").path))
  }
}
