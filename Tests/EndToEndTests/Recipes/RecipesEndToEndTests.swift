import Foundation
import TestSupport
import XCTest

/// README.md's CI recipes, run as written: each workflow's jobs' `run:` steps, in order, in a fresh
/// clone of the README's app, which depends on this package by a git URL (a local bare repository
/// of the working tree stands in for the remote; its `file://` URL is the only change made to what
/// the README shows). A recipe whose command rots fails here, naming the job, step and output.
///
/// Slow on purpose: one real build of the app and of duet-verify from the git URL, shared by every
/// test (class-level), then warm jobs through the recipes' own `.build` cache. Skipped with a
/// message when `swift` or `git` is not on PATH, or with DUET_SKIP_ADOPTER=1.
final class RecipesEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var app: RecipeApp?
  nonisolated(unsafe) private static var setUpProblem: String?

  override class func setUp() {
    super.setUp()
    guard ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] != "1" else { return }
    guard let git = AppScratch.tool("git"), AppScratch.tool("swift") != nil else {
      setUpProblem = "skip"
      return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duet-recipes-\(UUID().uuidString)")
    do {
      app = try RecipeApp(git: git, scratch: scratch)
      print(
        "RecipesEndToEndTests: the app's first build from the git URL took \(String(format: "%.1f", app?.firstBuildSeconds ?? 0))s"
      )
    } catch {
      AppScratch.remove(scratch)
      setUpProblem = "the README's app could not be built from its git URL: \(error)"
    }
  }

  override class func tearDown() {
    if let app {
      print(app.runner.notes.joined(separator: "\n"))
      app.remove()
    }
    app = nil
    super.tearDown()
  }

  func testEveryRecipeJobRunsInTheSwiftContainerWithACacheOfBuildAndUploadsItsReportsAlways() throws {
    let recipes = try ReadmeRecipes.read(checkout: SharedReference.repositoryRoot)
    XCTAssertEqual(recipes.workflows.map(\.name), ["parity", "parity-sharded", "parity-lanes"])
    for (workflow, tree) in recipes.workflows {
      let jobs = tree["jobs"]
      XCTAssertFalse(jobs?.keys.isEmpty ?? true, "workflow \(workflow) has no jobs")
      for name in jobs?.keys ?? [] {
        let job = jobs?[name]
        let place = "README.md workflow \(workflow), job \(name)"
        XCTAssertEqual(job?["container"]?.text?.hasPrefix("swift:6."), true, "\(place): not in the Swift container")
        let steps = job?["steps"]?.items ?? []
        let cache = steps.first { $0["uses"]?.text?.hasPrefix("actions/cache@") == true }
        XCTAssertEqual(cache?["with"]?["path"]?.text, ".build", "\(place): no cache of .build")
        let key = cache?["with"]?["key"]?.text ?? ""
        XCTAssertTrue(
          key.contains("hashFiles('Package.resolved')"), "\(place): cache key '\(key)' ignores Package.resolved")
        XCTAssertTrue(key.hasPrefix("swift-6."), "\(place): cache key '\(key)' does not name the toolchain")
        let upload = steps.first { $0["uses"]?.text?.hasPrefix("actions/upload-artifact@") == true }
        XCTAssertEqual(upload?["if"]?.text, "always()", "\(place): reports are not uploaded when the job fails")
      }
    }
  }

  func testTheGateAndDriftRecipeRunsAsWrittenAndUploadsJUnitHTMLAndRuns() throws {
    let app = try preparedApp()
    let failures = try app.runner.run(try app.recipes.workflow("parity"))
    XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    let artifact = app.runner.artifactStore.appendingPathComponent("parity")
    for path in ["reports/verify.xml", "reports/parity.html", "reports/drift.xml", ".runs/verify/summary.json"] {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: artifact.appendingPathComponent(path).path),
        "the gate recipe's artifact has no \(path)")
    }
  }

  func testTheShardMatrixRecipeReplaysEachShareAndItsMergeJobJoinsThem() throws {
    let app = try preparedApp()
    let workflow = try app.recipes.workflow("parity-sharded")
    let failures = try app.runner.run(workflow) { _ in true }
    XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    for shard in ["1", "2"] {
      let report = app.runner.artifactStore.appendingPathComponent("shard-\(shard)/shard-\(shard).json")
      let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
      XCTAssertTrue(
        text.hasPrefix("{"), "shard \(shard)'s uploaded report is not its --json object: \(text.prefix(300))")
    }
    let artifact = app.runner.artifactStore.appendingPathComponent("parity")
    for path in ["reports/verify.xml", "reports/parity.html"] {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: artifact.appendingPathComponent(path).path),
        "the merge job's artifact has no \(path)")
    }
  }

  /// The README's app has no Kotlin core, so this is the one recipe not run exactly as written: its
  /// Kotlin build step is skipped, and `KOTLIN_RUNNER` (the recipe's own place for the command that
  /// starts your Kotlin runner) is the app's Swift runner with its handshake's platform relabelled
  /// `kotlin` by `sed`: a second lane over a real process, so the rest of the job runs as written.
  func testTheTwoLanesRecipeReplaysOnBothLanesAndUploadsEachLanesReport() throws {
    let app = try preparedApp()
    let relabelled = #"sh -c '.build/debug/replay-runner | sed -u "s/\"platform\":\"swift\"/\"platform\":\"kotlin\"/"'"#
    let failures = try app.runner.run(
      try app.recipes.workflow("parity-lanes"), skip: { $0.hasPrefix("Build the Kotlin runner") },
      environment: ["KOTLIN_RUNNER": relabelled])
    XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    let artifact = app.runner.artifactStore.appendingPathComponent("parity-lanes")
    let junit = (try? String(contentsOf: artifact.appendingPathComponent("reports/lanes.xml"), encoding: .utf8)) ?? ""
    assertContains(junit, "duet-verify kotlin")
    assertContains(junit, "duet-verify swift")
    for lane in ["swift", "kotlin"] {
      let summary = artifact.appendingPathComponent(".runs/verify/lanes/\(lane)/summary.json")
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: summary.path), "the lanes artifact has no \(lane) lane report")
    }
  }

  func testThePreCommitHookRecipeLetsAGreenCommitThroughAndRefusesARegression() throws {
    let app = try preparedApp()
    XCTAssertFalse(app.recipes.hookInstall.isEmpty, "README.md's CI recipes show no hook installation")
    try app.runner.freshClone()
    let (path, key) = try app.cacheStep()
    try app.runner.restoreCache(path: path, key: key)
    defer { try? app.runner.saveCache(path: path, key: key) }
    let workspace = app.runner.workspace
    try RecipeApp.shell(app.recipes.hookInstall.joined(separator: "\n"), in: workspace, deadline: 3600)
    let hook = workspace.appendingPathComponent(".git/hooks/pre-commit")
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: hook.path), "the hook is not installed executable")

    func commit(_ message: String) throws -> CommandRun {
      try CommandRun.run(
        app.git, RecipeApp.identity + ["commit", "-q", "-a", "-m", message], in: workspace, deadline: 1800)
    }
    let readme = workspace.appendingPathComponent("notes.txt")
    try Data("a note\n".utf8).write(to: readme)
    try RecipeApp.git(app.git, ["add", "notes.txt"], in: workspace)
    let green = try commit("A note")
    XCTAssertEqual(green.code, 0, "the hook refused a commit whose gate passes:\n\(green.all)")

    let feature = workspace.appendingPathComponent("Sources/TodoFeatures/TodoFeature.swift")
    let source = String(decoding: try Data(contentsOf: feature), as: UTF8.self)
    XCTAssertTrue(source.contains("    state.draft = \"\"\n"), "the README's reducer clears the draft")
    try Data(source.replacingOccurrences(of: "    state.draft = \"\"\n", with: "").utf8).write(to: feature)
    let regressed = try commit("A regression")
    XCTAssertNotEqual(regressed.code, 0, "the hook let a failing gate commit:\n\(regressed.all)")
    assertContains(regressed.all, "duet-verify verify: FAIL")
    let head = try CommandRun.run(app.git, ["log", "-1", "--format=%s"], in: workspace)
    XCTAssertEqual(head.out, "A note\n", "the regression was committed")
  }

  private func preparedApp() throws -> RecipeApp {
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      throw XCTSkip("DUET_SKIP_ADOPTER=1: the recipes test (a fresh build of the app from a git URL) is skipped")
    }
    if Self.setUpProblem == "skip" { throw XCTSkip("'swift' or 'git' is not on PATH: the recipes test builds an app") }
    guard let app = Self.app else {
      XCTFail(Self.setUpProblem ?? "the README's app was not built")
      throw RecipeError(Self.setUpProblem ?? "no app")
    }
    return app
  }
}
