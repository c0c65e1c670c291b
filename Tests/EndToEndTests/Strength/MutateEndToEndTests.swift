import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duet-verify mutate` against a throwaway app (``DrillApp``) built for real, driven by a
/// hand-made plan (DUET_VERIFY_MUTATION_PLAN). The runs that need a build happen once, for the
/// first test that reads them (``ClassRun``), and the tests read their real outputs: the drill
/// (the terminal report, with `--junit`, `--html` and GitHub annotations), the same drill again
/// with two mutants the switch does not hold (`--json`, the cache), a red baseline, `--since`
/// after one line changed (`--json`), and the `next:` command the first drill printed, run as a
/// shell reads it. Before the runs that write `.runs/mutate/summary.json`, a hard link to a
/// recording, a named pipe and a link leading out of the app are planted there in turn. Each
/// run's temporary folder is its own, so scratch copies can be counted.
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
    /// `.runs/mutate/summary.json` after each run that wrote it (read before the next run), and
    /// whether it was a regular file with one link.
    var reports: [String: Data]
    var plainFiles: [String: Bool]
    /// The file the link planted before `--since` led to, and what it held.
    var outside: URL
    /// The first drill's `next:` command, and that command run through `sh -c`.
    var nextCommand: String?
    var next: CommandRun?
  }

  /// The strength report of `app`, and whether it is a regular file with one link (nil when absent).
  static func strengthReport(of app: DrillApp) -> (data: Data, plain: Bool)? {
    let path = app.root.appendingPathComponent(".runs/mutate/summary.json").path
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    let plain = info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
    // Never read a named pipe (that would wait for a writer).
    guard info.st_mode & S_IFMT == S_IFREG else { return (Data(), false) }
    return (FileManager.default.contents(atPath: path) ?? Data(), plain)
  }

  /// `duet-verify mutate` in `folder`, scratch copies under `temporary`; with `plan`, the
  /// hand-made plan instead of the planner.
  static func mutate(
    _ arguments: [String], in folder: URL, plan: URL?, temporary: URL, environment: [String: String] = [:]
  ) throws -> CommandRun {
    var variables = environment
    variables["DUET_VERIFY_MUTATION_PLAN"] = plan?.path
    return try StrengthCommands.run(["mutate"] + arguments, in: folder, temporary: temporary, environment: variables)
  }

  /// The drill's runs, made when the first test reads them.
  static let shared = ClassRun(
    skipReason: {
      RealBuilds.skipReason("mutate", needing: ["swift", "git"], purpose: "mutate builds a throwaway runner package")
    }, make: makeShared)

  private static func makeShared() throws -> Shared {
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate")
    let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
    let plan = folder.url.appendingPathComponent("plan.json")
    try DrillApp.plan(DrillApp.switched).write(to: plan)
    let withOwnBuilds = folder.url.appendingPathComponent("plan-own-builds.json")
    try DrillApp.plan(DrillApp.mutants.map(\.id)).write(to: withOwnBuilds)
    // A hard link to a recording where the drill's report goes: writing it in place would write the recording.
    let report = app.root.appendingPathComponent(".runs/mutate/summary.json")
    try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.linkItem(
      at: app.root.appendingPathComponent("fixtures/tally.bumps.fixture.json"), to: report)
    let before = app.tree()
    let reportFiles =
      ["--junit", folder.url.appendingPathComponent("drill.xml").path]
      + ["--html", folder.url.appendingPathComponent("drill.html").path]
    let drill = try mutate(
      ["--jobs", "2"] + reportFiles, in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t1"),
      environment: ["GITHUB_ACTIONS": "true"])
    let after = app.tree()
    var reports: [String: Data] = [:]
    var plainFiles: [String: Bool] = [:]
    (reports["drill"], plainFiles["drill"]) = (strengthReport(of: app)?.data, strengthReport(of: app)?.plain)
    // A named pipe nobody reads: opening it for writing would wait forever.
    try? FileManager.default.removeItem(at: report)
    guard mkfifo(report.path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let again = try mutate(
      ["--jobs", "2", "--json"], in: app.root, plan: withOwnBuilds,
      temporary: folder.url.appendingPathComponent("t2"))
    (reports["again"], plainFiles["again"]) = (strengthReport(of: app)?.data, strengthReport(of: app)?.plain)
    // A pipe left there would hang every later snapshot of the tree.
    if plainFiles["again"] != true { try? FileManager.default.removeItem(at: report) }
    let red = try DrillApp.write(into: folder.url.appendingPathComponent("red"))
    try Data(DrillApp.recording("tally", "bump", from: 0, to: 2).utf8).write(
      to: red.root.appendingPathComponent("fixtures/tally.bumps.fixture.json"))
    let redRun = try mutate([], in: red.root, plan: plan, temporary: folder.url.appendingPathComponent("t3"))
    reports["red"] = strengthReport(of: red)?.data
    for command in [
      ["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "app"],
    ] {
      _ = try CommandRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + command, in: app.root)
    }
    let gauge = app.root.appendingPathComponent(DrillApp.gaugeFile)
    let text = try String(contentsOf: gauge, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "state.level += 1\n", with: "state.level += 1  // one up\n").utf8).write(
      to: gauge)
    // A link leading out of the app where the report goes.
    let outside = try folder.write("outside.json", "theirs\n")
    try? FileManager.default.removeItem(at: report)
    try FileManager.default.createSymbolicLink(at: report, withDestinationURL: outside)
    let since = try mutate(
      ["--since", "HEAD", "--json"], in: app.root, plan: plan, temporary: folder.url.appendingPathComponent("t4"))
    (reports["since"], plainFiles["since"]) = (strengthReport(of: app)?.data, strengthReport(of: app)?.plain)
    // The drill's `next:` line, run as printed, with the plan and a temporary folder of its own.
    let nextCommand = drill.out.split(separator: "\n").first { $0.hasPrefix("next: ") }.map {
      String($0.dropFirst(6))
    }
    let next = try nextCommand.map { command in
      try StrengthCommands.shell(
        command, in: app.root, temporary: folder.url.appendingPathComponent("t6"),
        environment: ["DUET_VERIFY_MUTATION_PLAN": plan.path])
    }
    return Shared(
      folder: folder, app: app, plan: plan, before: before, after: after, drill: drill, again: again, red: redRun,
      since: since, reports: reports, plainFiles: plainFiles, outside: outside, nextCommand: nextCommand, next: next)
  }

  override class func tearDown() {
    shared.drop()
    super.tearDown()
  }

  private func sharedRun() throws -> Shared { try Self.shared.value() }

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

  func testTheJSONOfARunWithEveryVerdictKindNamesEveryStatus() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.again.code, 1, shared.again.all)
    let statuses = Set(try mutants(shared.again).values.compactMap { $0["status"] as? String })
    XCTAssertEqual(statuses, ["Killed", "Survived", "NoCoverage", "Timeout", "RuntimeError", "CompileError"])
  }

  /// The real command's reports (every verdict kind; a `--since` run of one mutant) in one check,
  /// which skips once where the schema (`../shared/reference`) or Python's `jsonschema` is missing.
  func testTheJSONOfTheDrillsRunsValidatesAgainstTheMutationTestingSchema() throws {
    let shared = try sharedRun()
    let checks = try MutationSchemaCheck.validate(["every verdict kind": shared.again.out, "--since": shared.since.out])
    for (run, check) in checks { XCTAssertEqual(check.code, 0, "the report of the run with \(run): " + check.all) }
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
    XCTAssertEqual(
      changed.filter { !$0.hasPrefix(".runs/") }.sorted(), [], "the recording the report was linked to included")
    XCTAssertTrue(changed.contains(".runs/mutate/cache.json"), "\(changed.sorted())")
    XCTAssertTrue(changed.contains(".runs/mutate/summary.json"), "\(changed.sorted())")
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

  /// `data` as a JSON object, for comparing reports whatever their spacing.
  private func object(_ data: Data?) throws -> NSDictionary {
    try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(data)) as? NSDictionary)
  }

  func testEachDrillKeepsItsJSONReportInRunsReplacingAHardLinkAPipeOrALinkWithoutWritingThrough() throws {
    let shared = try sharedRun()
    // Over a hard link to a recording: a fresh file; the recording unchanged.
    XCTAssertEqual(shared.plainFiles["drill"], true)
    let drill = try object(shared.reports["drill"])
    XCTAssertEqual(drill["schemaVersion"] as? String, "2")
    let files = try XCTUnwrap(drill["files"] as? [String: [String: Any]])
    let tally = try XCTUnwrap(files[DrillApp.tallyFile]?["mutants"] as? [[String: Any]])
    XCTAssertEqual(tally.first { $0["id"] as? String == "1" }?["status"] as? String, "Survived")
    XCTAssertEqual(
      shared.before["fixtures/tally.bumps.fixture.json"], shared.after["fixtures/tally.bumps.fixture.json"])
    assertContains(shared.drill.error, ".runs/mutate/summary.json was a file with 2 links")
    // Over a named pipe (the run did not hang on it), and over a link leading out: the run's --json object.
    XCTAssertEqual(shared.plainFiles["again"], true)
    XCTAssertEqual(try object(shared.reports["again"]), try object(Data(shared.again.out.utf8)))
    assertContains(shared.again.error, ".runs/mutate/summary.json was a named pipe")
    XCTAssertEqual(shared.plainFiles["since"], true)
    XCTAssertEqual(try object(shared.reports["since"]), try object(Data(shared.since.out.utf8)))
    XCTAssertEqual(try String(contentsOf: shared.outside, encoding: .utf8), "theirs\n")
    assertContains(shared.since.error, ".runs/mutate/summary.json was a link")
  }

  func testADrillStoppedByARedBaselineWritesNoReport() throws {
    let shared = try sharedRun()
    XCTAssertEqual(shared.red.code, 1, shared.red.all)
    XCTAssertNil(shared.reports["red"], "an aborted drill reached no verdict to report")
  }

  func testTheDrillsNextLineNamesTheSurvivorsFeatureAndRunsAsPrinted() throws {
    let shared = try sharedRun()
    // The run's options but its report files (--junit, --html), scoped to the survivor's feature.
    XCTAssertEqual(shared.nextCommand, "duet-verify mutate --feature tally --jobs 2", shared.drill.out)
    let next = try XCTUnwrap(shared.next)
    XCTAssertEqual(next.code, 1, next.all)
    let lines = next.out.split(separator: "\n").map(String.init)
    XCTAssertTrue(
      lines.contains(
        "\(DrillApp.tallyFile):21:20: mutant 1 survived: RelationalBoundary `<` → `<=` in func tallyReducer, case .bump"
      ),
      next.out)
    XCTAssertEqual(lines.filter { $0.hasPrefix("next: ") }, ["next: " + (shared.nextCommand ?? "")], next.out)
  }

  func testSinceJudgesOnlyTheMutantsOnTheLinesChangedSinceTheRevision() throws {
    let shared = try sharedRun()
    XCTAssertEqual(Array(try mutants(shared.since).keys), ["7"], shared.since.all)
  }

  /// A pull request that only strengthens a scenario or re-records: `--since` finds no mutant, so
  /// the drill neither builds nor replays the baseline (a minute for nothing), passes, and says why.
  func testSinceWithNoReducerLineChangedBuildsNothingPassesAndSaysWhy() throws {
    if ExecutableSearch.isOnPath("git") == false { throw XCTSkip("'git' is not on PATH: --since reads git") }
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate-since-nothing")
    let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
    for command in [
      ["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "app"],
    ] {
      _ = try CommandRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + command, in: app.root)
    }
    // Only the manifest changes (as a scenario or a recording would): no line of a reducer module.
    let manifest = app.root.appendingPathComponent("manifest.yaml")
    try Data((try String(contentsOf: manifest, encoding: .utf8) + "# the tally scenario was strengthened\n").utf8)
      .write(to: manifest)
    let temporary = folder.url.appendingPathComponent("tmp")
    let run = try Self.mutate(["--since", "HEAD"], in: app.root, plan: nil, temporary: temporary)
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertFalse(run.error.contains("building the mutated copy"), "the drill built for no mutant: \(run.all)")
    XCTAssertFalse(run.error.contains("the baseline"), "the drill replayed a baseline for no mutant: \(run.all)")
    assertContains(run.out, "no line of the reducer modules changed since HEAD")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(
        atPath: temporary.appendingPathComponent("duet-verify-strength").path),
      [], "a scratch is left")
  }

  /// `--feature` of a feature whose reducer module holds no code an operator changes: no mutant, so
  /// nothing is built or replayed, no score is claimed (a 100% would read as a strong corpus), and
  /// the run says where it looked and to check the feature's `swift:` path and `--feature`.
  func testAFeatureWithNoMutableCodeMakesNoMutantClaimsNoScoreAndSaysWhereItLooked() throws {
    if let skip = RealBuilds.skipReason("mutate", purpose: "mutate builds a throwaway runner package") {
      throw XCTSkip(skip)
    }
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate-no-mutable-code")
    let app = try DrillApp.write(into: folder.url.appendingPathComponent("app"))
    // The gauge's declared reducer file moves to a module of its own holding only type declarations.
    let manifest = app.root.appendingPathComponent("manifest.yaml")
    try Data(
      try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
        of: "swift: \(DrillApp.gaugeFile)", with: "swift: Sources/GaugeTypes/Gauge.swift"
      ).utf8
    ).write(to: manifest)
    try FileTree.write(
      [
        "Sources/GaugeTypes/Gauge.swift":
          "public struct GaugeState { public var level: Int }\npublic enum GaugeAction {}\n"
      ],
      under: app.root)
    let temporary = folder.url.appendingPathComponent("tmp")
    let run = try Self.mutate(["--feature", "gauge"], in: app.root, plan: nil, temporary: temporary)
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertFalse(run.error.contains("building the mutated copy"), "the drill built for no mutant: \(run.all)")
    XCTAssertFalse(run.out.contains("score 100%"), run.out)
    assertContains(run.out, "duet-verify: no mutation score (0 killed, 0 survived) in ")
    assertContains(
      run.out,
      "nothing was mutated in Sources/GaugeTypes (1 file: no operator applies to their code); check the features' "
        + "`swift:` paths in the manifest")
    assertContains(run.out, "and --feature.")
    XCTAssertEqual(
      run.out.split(separator: "\n").last.map(String.init),
      "duet-verify mutate: PASS (no mutant was scored: this says nothing about the corpus)")
  }

  func testMutateInterruptedMidDrillRemovesTheScratchStopsTheRunnersAndLeavesTheTree() throws {
    let shared = try sharedRun()
    let temporary = shared.folder.url.appendingPathComponent("t5")
    let before = shared.app.tree()
    let parent = temporary.appendingPathComponent("duet-verify-strength")
    // Mid-drill: the runner of the looping mutant (given 60 s per request) is alive.
    let run = try StrengthCommands.interrupted(
      ["mutate", "--no-cache", "--timeout", "60"], in: shared.app.root, temporary: temporary,
      environment: ["DUET_VERIFY_MUTATION_PLAN": shared.plan.path], waitingAtMost: 1200
    ) { !Self.processes(mentioning: temporary.path, environment: "DUET_VERIFY_MUTANT=3").isEmpty }
    XCTAssertTrue(run.reached, "the looping mutant's runner never started: \(run.error)")
    XCTAssertEqual(run.status, 130, run.error)
    assertContains(run.error, "duet-verify mutate: interrupted (SIGINT)")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path), [],
      "the scratch is left: \(FileTree.listing(parent).prefix(60))")
    XCTAssertEqual(Self.processes(mentioning: temporary.path), [], "a runner is left")
    let after = shared.app.tree()
    XCTAssertNotNil(before[".runs/mutate/summary.json"], "an earlier drill's report")
    XCTAssertEqual(
      Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted(), [],
      "the interrupted run changed the user's tree (its report and cache included)")
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
