import Foundation
import TestSupport
import XCTest

/// `duet-verify mutate` against a throwaway app (``DrillApp``) built for real, driven by a
/// hand-made plan (DUET_VERIFY_MUTATION_PLAN). The runs that need a build happen once, in the
/// class's setUp, and the tests read their real outputs: the drill (the terminal report, with
/// `--junit`, `--html` and GitHub annotations), the same drill again with two mutants the switch
/// does not hold (`--json`, the cache), a red baseline, and `--since` after one line changed
/// (`--json`). Each run's temporary folder is its own, so scratch copies can be counted.
///
/// Skipped when `swift` is not on PATH, or with DUET_SKIP_ADOPTER=1 like the other real-build tests.
final class MutateEndToEndTests: XCTestCase {
  struct Shared {
    var folder: TemporaryFolder
    var app: DrillApp
    var plan: URL
    var before: [String: Data]
    var after: [String: Data]
    var drill: CommandRun
    var again: CommandRun
    var red: CommandRun
    var since: CommandRun
  }

  nonisolated(unsafe) static var shared: Shared?
  nonisolated(unsafe) static var skip: String?

  /// `duet-verify mutate` in `folder`, scratch copies under `temporary`; with `plan`, the
  /// hand-made plan instead of the planner.
  static func mutate(
    _ arguments: [String], in folder: URL, plan: URL?, temporary: URL, environment: [String: String] = [:]
  ) throws -> CommandRun {
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    var variables = environment.merging(["TMPDIR": temporary.path]) { $1 }
    variables["DUET_VERIFY_MUTATION_PLAN"] = plan?.path
    return try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["mutate"] + arguments, in: folder,
      environment: variables, deadline: 1800)
  }

  override class func setUp() {
    super.setUp()
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      skip = "DUET_SKIP_ADOPTER=1: the real-build mutate tests are skipped"
      return
    }
    guard ExecutableSearch.isOnPath("swift"), ExecutableSearch.isOnPath("git") else {
      skip = "'swift' or 'git' is not on PATH: mutate builds a throwaway runner package"
      return
    }
    do {
      let folder = try TemporaryFolder(prefix: "duet-verify-mutate")
      let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
      let plan = folder.url.appendingPathComponent("plan.json")
      try DrillApp.plan(DrillApp.switched).write(to: plan)
      let withOwnBuilds = folder.url.appendingPathComponent("plan-own-builds.json")
      try DrillApp.plan(DrillApp.mutants.map(\.id)).write(to: withOwnBuilds)
      let before = app.tree()
      let reports =
        ["--junit", folder.url.appendingPathComponent("drill.xml").path]
        + ["--html", folder.url.appendingPathComponent("drill.html").path]
      let drill = try mutate(
        ["--jobs", "2"] + reports, in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t1"),
        environment: ["GITHUB_ACTIONS": "true"])
      let after = app.tree()
      let again = try mutate(
        ["--jobs", "2", "--json"], in: app.root, plan: withOwnBuilds,
        temporary: folder.url.appendingPathComponent("t2"))
      let red = try DrillApp.write(into: folder.url.appendingPathComponent("red"))
      try Data(DrillApp.recording("tally", "bump", from: 0, to: 2).utf8).write(
        to: red.root.appendingPathComponent("fixtures/tally.bumps.fixture.json"))
      let redRun = try mutate([], in: red.root, plan: plan, temporary: folder.url.appendingPathComponent("t3"))
      for command in [
        ["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "app"],
      ] {
        _ = try CommandRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + command, in: app.root)
      }
      let gauge = app.root.appendingPathComponent(DrillApp.gaugeFile)
      let text = try String(contentsOf: gauge, encoding: .utf8)
      try Data(text.replacingOccurrences(of: "state.level += 1\n", with: "state.level += 1  // one up\n").utf8).write(
        to: gauge)
      let since = try mutate(
        ["--since", "HEAD", "--json"], in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t4"))
      shared = Shared(
        folder: folder, app: app, plan: plan, before: before, after: after, drill: drill, again: again, red: redRun,
        since: since)
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

  /// The line the run printed for mutant `id` (the first of its block, for a survivor).
  private func line(of id: String, in run: CommandRun) throws -> String {
    let prefix = try place(of: id) + ": mutant \(id) "
    return try XCTUnwrap(run.out.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init), run.all)
  }

  /// `file:line:column` of mutant `id` in the app's original source.
  private func place(of id: String) throws -> String {
    let spec = try XCTUnwrap(DrillApp.mutants.first { $0.id == id })
    let source = spec.file == DrillApp.tallyFile ? DrillApp.tally : DrillApp.gauge
    let (line, column) = DrillApp.position(of: spec.original, onLineWith: spec.marker, in: source)
    return "\(spec.file):\(line):\(column)"
  }

  /// The mutants of a `--json` report, by id.
  private func mutants(_ run: CommandRun) throws -> [String: [String: Any]] {
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "not one JSON object: \(run.all)")
    let files = try XCTUnwrap(report["files"] as? [String: [String: Any]], run.out)
    var byID: [String: [String: Any]] = [:]
    for file in files.values {
      for mutant in (file["mutants"] as? [[String: Any]]) ?? [] { byID[mutant["id"] as? String ?? ""] = mutant }
    }
    return byID
  }

  func testTheBoundaryMutantAWeakCorpusMissesSurvivesAtItsLineAndColumnAndFailsTheDrill() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.drill.code, 1, shared.drill.all)
    let lines = shared.drill.out.split(separator: "\n").map(String.init)
    let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("\(DrillApp.tallyFile):21:20: ") }, shared.drill.all)
    XCTAssertEqual(
      Array(lines[start..<min(start + 5, lines.count)]),
      [
        "\(DrillApp.tallyFile):21:20: mutant 1 survived: RelationalBoundary `<` → `<=` in func tallyReducer, case .bump",
        "  - if state.count < 3 {", "  + if state.count <= 3 {",
        "  feature tally: recording tally.bumps ran this code and missed the change",
        "  add a recording of feature tally that lands exactly on the boundary, where `<` and `<=` disagree",
      ])
    let summary = try XCTUnwrap(lines.first { $0.hasPrefix("duet-verify: mutation score") }, shared.drill.out)
    XCTAssertTrue(
      summary.hasPrefix(
        "duet-verify: mutation score 71% (3 killed, 1 timeout, 1 runtime error, 1 survived, 1 no coverage) in "),
      summary)
    XCTAssertEqual(lines.last, "duet-verify mutate: FAIL", shared.drill.out)
  }

  func testEveryMutantOfAStronglyRecordedFeatureIsKilledByTheRecordingThatPinsIt() throws {
    let shared = try sharedRun()
    let mutants = try mutants(shared.again)
    XCTAssertEqual(mutants["6"]?["killedBy"] as? [String], ["gauge.at-limit"])
    XCTAssertEqual(mutants["6"]?["status"] as? String, "Killed")
    XCTAssertEqual((mutants["7"]?["killedBy"] as? [String])?.first?.hasPrefix("gauge."), true, "\(mutants["7"] ?? [:])")
    XCTAssertEqual(mutants["2"]?["killedBy"] as? [String], ["tally.bumps"])
    // Killed mutants need nothing from anyone: the terminal counts them and lists none.
    for id in ["2", "6", "7"] {
      XCTAssertFalse(shared.drill.out.contains(": mutant \(id) "), shared.drill.out)
    }
  }

  func testALoopingMutantTimesOutAndACrashingOneIsARuntimeErrorNeitherSurvives() throws {
    let shared = try sharedRun()
    assertContains(try line(of: "3", in: shared.drill), "mutant 3 timed out: DroppedEffects `[]` → `loop`")
    assertContains(try line(of: "3", in: shared.drill), "(counted as detected)")
    assertContains(try line(of: "4", in: shared.drill), "mutant 4 crashed the runner: DroppedEffects")
    let mutants = try mutants(shared.again)
    XCTAssertEqual(mutants["3"]?["status"] as? String, "Timeout")
    XCTAssertEqual(mutants["4"]?["status"] as? String, "RuntimeError")
  }

  func testAMutantNoRecordingReachesIsNoCoverageAndReplaysNothing() throws {
    let shared = try sharedRun()
    XCTAssertEqual(
      try line(of: "5", in: shared.drill),
      "\(try place(of: "5")): mutant 5 not covered: IntegerLiteral `0` → `1`; no recording reaches it, so it was "
        + "not run")
    let mutant = try XCTUnwrap(try mutants(shared.again)["5"])
    XCTAssertEqual(mutant["status"] as? String, "NoCoverage")
    XCTAssertEqual(mutant["coveredBy"] as? [String], [])
  }

  func testEachMutantReplaysOnlyTheRecordingsOfTheFeaturesWhoseRunnersReachedIt() throws {
    let shared = try sharedRun()
    let mutants = try mutants(shared.again)
    XCTAssertEqual(mutants["6"]?["coveredBy"] as? [String], ["gauge.at-limit", "gauge.fills"])
    XCTAssertEqual(mutants["2"]?["coveredBy"] as? [String], ["tally.bumps"])
  }

  func testTheJSONOfARunWithEveryVerdictKindValidatesAgainstTheMutationTestingSchema() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.again.code, 1, shared.again.all)
    let statuses = Set(try mutants(shared.again).values.compactMap { $0["status"] as? String })
    XCTAssertEqual(statuses, ["Killed", "Survived", "NoCoverage", "Timeout", "RuntimeError", "CompileError"])
    let check = try MutationSchemaCheck.validate(shared.again.out)
    XCTAssertEqual(check.code, 0, check.all)
  }

  func testAMutantTheSwitchDoesNotHoldIsJudgedOnABuildOfItsOwnAndOneThatDoesNotBuildIsACompileError() throws {
    let shared = try sharedRun()
    let mutants = try mutants(shared.again)
    XCTAssertEqual(mutants["8"]?["status"] as? String, "Killed", "\(mutants["8"] ?? [:])")
    XCTAssertEqual(mutants["8"]?["killedBy"] as? [String], ["gauge.fills"])
    let broken = try XCTUnwrap(mutants["9"])
    XCTAssertEqual(broken["status"] as? String, "CompileError")
    assertContains(broken["statusReason"] as? String ?? "", "error:")
    XCTAssertEqual(broken["testsCompleted"] as? Int, 0)
  }

  func testTheDrillsJUnitHTMLAndAnnotationsNameTheSurvivor() throws {
    let shared = try sharedRun()
    let junit = try String(contentsOf: shared.folder.url.appendingPathComponent("drill.xml"), encoding: .utf8)
    assertContains(junit, "mutant 1 RelationalBoundary at \(DrillApp.tallyFile):21:20 (Survived)")
    XCTAssertEqual(junit.components(separatedBy: "<failure").count - 1, 1, junit)
    let html = try String(contentsOf: shared.folder.url.appendingPathComponent("drill.html"), encoding: .utf8)
    assertContains(html, "mutant 1 survived: RelationalBoundary")
    assertContains(
      shared.drill.out, "::warning file=\(DrillApp.tallyFile),line=21,col=20,title=mutant survived::mutant 1")
  }

  func testTheDrillLeavesTheUsersTreeByteIdenticalButForItsCacheAndNoScratch() throws {
    let shared = try sharedRun()
    let changed = Set(shared.before.keys).union(shared.after.keys).filter { shared.before[$0] != shared.after[$0] }
    XCTAssertEqual(changed.filter { !$0.hasPrefix(".runs/") }.sorted(), [])
    XCTAssertTrue(changed.contains(".runs/mutate/cache.json"), "\(changed.sorted())")
    let parent = shared.folder.url.appendingPathComponent("t1/duet-verify-strength")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [], "a scratch is left")
  }

  func testAnUnchangedMutantIsTakenFromTheCacheOnTheNextRun() throws {
    let shared = try sharedRun()
    // 1–4, 6 and 7 are unchanged since the first run; 5 was not run (nothing to cache), 8 and 9 are new.
    assertContains(shared.again.error, "duet-verify mutate: 6 of 9 mutants were taken from the cache")
    XCTAssertFalse(shared.drill.error.contains("from the cache"), shared.drill.error)
  }

  func testARedBaselineAbortsNamingTheFailingRecordingAndJudgesNoMutant() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.red.code, 1, shared.red.all)
    assertContains(shared.red.error, "duet-verify mutate: ABORT: the baseline")
    assertContains(shared.red.error, "tally.bumps#0")
    XCTAssertFalse(shared.red.out.contains("mutation score"), shared.red.out)
  }

  func testSinceJudgesOnlyTheMutantsOnTheLinesChangedSinceTheRevision() throws {
    let shared = try sharedRun()
    XCTAssertEqual(Array(try mutants(shared.since).keys), ["7"], shared.since.all)
  }

  func testMutateInterruptedMidDrillRemovesTheScratchStopsTheRunnersAndLeavesTheTree() throws {
    let shared = try sharedRun()
    let temporary = shared.folder.url.appendingPathComponent("t5")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let before = shared.app.tree()
    let (process, out, error) = CommandRun.prepare(
      try BuiltProducts.executable(named: "duet-verify"), ["mutate", "--no-cache", "--timeout", "60"],
      in: shared.app.root,
      environment: ["TMPDIR": temporary.path, "DUET_VERIFY_MUTATION_PLAN": shared.plan.path])
    try process.run()
    let parent = temporary.appendingPathComponent("duet-verify-strength")
    let deadline = Date().addingTimeInterval(1200)
    // Mid-drill: the runner of the looping mutant (given 60 s per request) is alive.
    var looping = false
    while Date() < deadline, process.isRunning, !looping {
      looping = !Self.processes(mentioning: temporary.path, environment: "DUET_VERIFY_MUTANT=3").isEmpty
      usleep(20_000)
    }
    process.interrupt()
    let (_, errorText) = CommandRun.drain(out, error)
    process.waitUntilExit()
    XCTAssertTrue(looping, "the looping mutant's runner never started: \(errorText)")
    XCTAssertEqual(process.terminationStatus, 130, errorText)
    assertContains(errorText, "duet-verify mutate: interrupted (SIGINT)")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path), [],
      "the scratch is left: \(FileTree.listing(parent).prefix(60))")
    XCTAssertEqual(Self.processes(mentioning: temporary.path), [], "a runner is left")
    let after = shared.app.tree()
    XCTAssertEqual(
      Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted(), [],
      "the interrupted run changed the user's tree")
  }

  func testMutateRefusesARunnerGivenWithRunner() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate-runner")
    let app = try DrillApp.write(into: folder.url)
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["mutate", "--runner", "/bin/cat"], in: app.root)
    XCTAssertEqual(run.code, 2, run.all)
    assertContains(run.error, "duet-verify mutate: a runner given with --runner ('/bin/cat') cannot be instrumented")
  }

  /// The pids of live processes whose command line mentions `text` (and whose environment holds
  /// `environment`, when given).
  static func processes(mentioning text: String, environment: String? = nil) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int(name) != nil, let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
        String(decoding: data, as: UTF8.self).contains(text)
      else { return false }
      guard let environment else { return true }
      let variables = FileManager.default.contents(atPath: "/proc/\(name)/environ") ?? Data()
      return String(decoding: variables, as: UTF8.self).split(separator: "\0").contains { $0 == environment }
    }
  }
}
