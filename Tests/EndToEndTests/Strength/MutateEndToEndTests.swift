import Foundation
import TestSupport
import XCTest

/// `duet-verify mutate` against a throwaway app (``DrillApp``) built for real, driven by a
/// hand-made plan (DUET_VERIFY_MUTATION_PLAN). The runs that need a build happen once, in the
/// class's setUp, and the tests read them: the drill, the same drill again (the cache), a red
/// baseline, and `--since` after one line changed. Each run's temporary folder is its own, so
/// scratch copies can be counted.
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

  static func mutate(_ arguments: [String], in folder: URL, plan: URL, temporary: URL) throws -> CommandRun {
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    return try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["mutate"] + arguments, in: folder,
      environment: ["TMPDIR": temporary.path, "DUET_VERIFY_MUTATION_PLAN": plan.path], deadline: 1800)
  }

  override class func setUp() {
    super.setUp()
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      skip = "DUET_SKIP_ADOPTER=1: the real-build mutate tests are skipped"
      return
    }
    guard isOnPath("swift"), isOnPath("git") else {
      skip = "'swift' or 'git' is not on PATH: mutate builds a throwaway runner package"
      return
    }
    do {
      let folder = try TemporaryFolder(prefix: "duet-verify-mutate")
      let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
      let plan = folder.url.appendingPathComponent("plan.json")
      try DrillApp.plan(DrillApp.mutants.map(\.id)).write(to: plan)
      let before = app.tree()
      let drill = try mutate(
        ["--jobs", "2"], in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t1"))
      let after = app.tree()
      let again = try mutate(
        ["--jobs", "2"], in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t2"))
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
        ["--since", "HEAD"], in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t4"))
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

  /// The line the run printed for mutant `id`.
  private func line(of id: String, in run: CommandRun) throws -> String {
    let spec = try XCTUnwrap(DrillApp.mutants.first { $0.id == id })
    let source = spec.file == DrillApp.tallyFile ? DrillApp.tally : DrillApp.gauge
    let (line, column) = DrillApp.position(of: spec.original, onLineWith: spec.marker, in: source)
    let prefix = "\(spec.file):\(line):\(column): "
    return try XCTUnwrap(run.out.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init), run.all)
  }

  func testTheBoundaryMutantAWeakCorpusMissesSurvivesAtItsLineAndColumnAndFailsTheDrill() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.drill.code, 1, shared.drill.all)
    let survivor = try line(of: "1", in: shared.drill)
    XCTAssertTrue(survivor.hasPrefix("\(DrillApp.tallyFile):21:20: Survived: RelationalBoundary '<' → '<='"), survivor)
    assertContains(survivor, "[tally: tally.bumps]")
    assertContains(shared.drill.out, "duet-verify mutate: FAIL")
  }

  func testEveryMutantOfAStronglyRecordedFeatureIsKilledByTheRecordingThatPinsIt() throws {
    let shared = try sharedRun()
    assertContains(try line(of: "6", in: shared.drill), "Killed: RelationalBoundary '<' → '<=' by gauge.at-limit#0")
    assertContains(try line(of: "7", in: shared.drill), "Killed: CompoundAssignment '+=' → '-=' by gauge.")
    assertContains(try line(of: "2", in: shared.drill), "Killed: CompoundAssignment '+=' → '-=' by tally.bumps#0")
  }

  func testALoopingMutantTimesOutAndACrashingOneIsARuntimeErrorNeitherSurvives() throws {
    let shared = try sharedRun()
    assertContains(try line(of: "3", in: shared.drill), ": Timeout: ")
    assertContains(try line(of: "4", in: shared.drill), ": RuntimeError: ")
    assertContains(
      shared.drill.out, "(3 Killed, 1 Survived, 1 NoCoverage, 1 Timeout, 0 CompileError, 1 RuntimeError)")
  }

  func testAMutantNoRecordingReachesIsNoCoverageAndReplaysNothing() throws {
    let shared = try sharedRun()
    let line = try line(of: "5", in: shared.drill)
    XCTAssertTrue(line.hasSuffix(": NoCoverage: IntegerLiteral '0' → '1' [: ]"), line)
  }

  func testEachMutantReplaysOnlyTheRecordingsOfTheFeaturesWhoseRunnersReachedIt() throws {
    let shared = try sharedRun()
    assertContains(try line(of: "6", in: shared.drill), "[gauge: gauge.at-limit, gauge.fills]")
    assertContains(try line(of: "2", in: shared.drill), "[tally: tally.bumps]")
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
    for id in ["1", "2", "3", "4", "6", "7"] {
      let printed = try line(of: id, in: shared.again)
      XCTAssertTrue(printed.hasSuffix(" (cached)"), printed)
    }
    XCTAssertFalse(try line(of: "5", in: shared.again).hasSuffix(" (cached)"))
    XCTAssertEqual(shared.again.code, 1, shared.again.all)
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
    let lines = shared.since.out.split(separator: "\n").filter { $0.hasPrefix("Sources/") }
    XCTAssertEqual(lines.count, 1, shared.since.all)
    XCTAssertEqual(try line(of: "7", in: shared.since), String(lines.first ?? ""))
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
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [], "the scratch is left")
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

  private static func isOnPath(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}
