import Foundation
import TestSupport
import XCTest

/// `duet-verify coverage` against a throwaway app (``TallyApp``) built for real with coverage
/// instrumentation: one run, in the class's setUp (an instrumented build takes a while), with
/// `--min-lines 100 --json --html --junit` under `GITHUB_ACTIONS=true`, whose result each test
/// reads. The run's temporary folder (`TMPDIR`) is the test's own, so its scratch copies can be
/// seen and counted.
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
  }

  nonisolated(unsafe) static var shared: Shared?
  nonisolated(unsafe) static var skip: String?

  override class func setUp() {
    super.setUp()
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      skip = "DUET_SKIP_ADOPTER=1: the real-build coverage tests are skipped"
      return
    }
    guard ExecutableSearch.isOnPath("swift") else {
      skip = "'swift' is not on PATH: coverage builds an instrumented throwaway runner package"
      return
    }
    do {
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
      let before = app.tree()
      let html = folder.url.appendingPathComponent("reports/coverage.html")
      let junit = folder.url.appendingPathComponent("reports/coverage.xml")
      let run = try CommandRun.run(
        try BuiltProducts.executable(named: "duet-verify"),
        ["coverage", "--min-lines", "100", "--json", "--html", html.path, "--junit", junit.path], in: app.root,
        environment: ["TMPDIR": temporary.path, "GITHUB_ACTIONS": "true"], deadline: 1800)
      shared = Shared(
        folder: folder, app: app, temporary: temporary, before: before, after: app.tree(),
        stray: stray.deletingLastPathComponent(), run: run, html: html, junit: junit)
    } catch {
      skip = "the throwaway app could not be set up: \(error)"
    }
  }

  override class func tearDown() {
    shared = nil
    super.tearDown()
  }

  private func sharedRun() throws -> Shared {
    if let skip = Self.skip { throw XCTSkip(skip) }
    return try XCTUnwrap(Self.shared)
  }

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

  func testCoverageLeavesTheUsersTreeByteIdenticalWithoutABuildFolder() throws {
    let shared = try sharedRun()
    XCTAssertFalse(shared.before.isEmpty)
    assertContains(shared.run.out, "\"verb\":\"coverage\"")
    XCTAssertEqual(TallyApp.changes(from: shared.before, to: shared.after), [], "coverage changed the user's tree")
    XCTAssertFalse(FileManager.default.fileExists(atPath: shared.app.root.appendingPathComponent(".build").path))
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
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let (process, out, error) = CommandRun.prepare(
      try BuiltProducts.executable(named: "duet-verify"), ["coverage"], in: shared.app.root,
      environment: ["TMPDIR": temporary.path])
    try process.run()
    let parent = temporary.appendingPathComponent("duet-verify-strength")
    let deadline = Date().addingTimeInterval(300)
    var building = false
    while Date() < deadline, process.isRunning, !building {
      let scratches = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
      building = scratches.contains {
        FileManager.default.fileExists(atPath: parent.appendingPathComponent("\($0)/build").path)
      }
      usleep(20_000)
    }
    usleep(300_000)  // into the build proper
    process.interrupt()
    let (_, errorText) = CommandRun.drain(out, error)
    process.waitUntilExit()
    XCTAssertTrue(building, "the instrumented build never started: \(errorText)")
    XCTAssertEqual(process.terminationStatus, 130, errorText)
    assertContains(errorText, "duet-verify coverage: interrupted (SIGINT)")
    XCTAssertFalse(errorText.contains("failed"), "the build the interrupt killed was reported as failing: \(errorText)")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path), [],
      "the scratch is left: \(FileTree.listing(parent).prefix(60)); processes still running there: "
        + "\(MutateEndToEndTests.processes(mentioning: temporary.path))")
    XCTAssertEqual(
      TallyApp.changes(from: shared.before, to: shared.app.tree()), [], "the interrupted run changed the user's tree")
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
