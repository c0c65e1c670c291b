import Foundation
import XCTest

@testable import DuetVerify

/// Which runner ran, and whether it could be stale: an explicit `--runner` older than its package's
/// sources is warned about, and the summary names the runner, its platform and its build time.
final class RunnerFreshnessTests: XCTestCase {
  /// A package folder with one source, its module's build products and a "built" runner under
  /// `.build/debug/`, each modified `…Age` seconds ago.
  func package(
    sourceAge: TimeInterval, runnerAge: TimeInterval, compiledAge: TimeInterval
  ) throws -> (TemporaryFolder, URL, URL) {
    let folder = try TemporaryFolder()
    let ages: [(String, TimeInterval)] = [
      ("app/Package.swift", 3600), ("app/Sources/TodoFeatures/TodoFeature.swift", sourceAge),
      ("app/.build/debug/TodoFeatures.build/TodoFeature.swift.o", compiledAge),
      ("app/.build/debug/replay-runner", runnerAge),
    ]
    for (path, age) in ages {
      let file = try folder.write(path, "x\n")
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: file.path)
    }
    let root = folder.url.appendingPathComponent("app")
    return (folder, root.appendingPathComponent(".build/debug/replay-runner"), root)
  }

  func testAnExplicitRunnerOlderThanItsPackagesSourcesGetsAWarning() throws {
    let (folder, runner, root) = try package(sourceAge: 10, runnerAge: 600, compiledAge: 600)
    let warning = StaleRunnerCheck.warning(executable: runner.path, root: root)
    XCTAssertEqual(
      warning,
      "duet-verify: warning: the runner .build/debug/replay-runner is older than "
        + "Sources/TodoFeatures/TodoFeature.swift, so it may replay stale code. Rebuild it (swift build in the repository "
        + "root), or leave out --runner to have duet-verify build the manifest's replayRunner package whenever its sources change."
    )
    _ = folder
  }

  func testAnExplicitRunnerNewerThanItsSourcesGetsNoWarning() throws {
    let (folder, runner, root) = try package(sourceAge: 600, runnerAge: 10, compiledAge: 20)
    XCTAssertNil(StaleRunnerCheck.warning(executable: runner.path, root: root))
    _ = folder
  }

  /// No build stamp vouches for it: judged by time alone, as `warning` judges it.
  func testAnExplicitRunnerNoBuildStampVouchesForIsJudgedByTime() throws {
    let (folder, runner, root) = try package(sourceAge: 600, runnerAge: 10, compiledAge: 20)
    XCTAssertNil(StaleRunnerCheck.judge(executable: runner.path, root: root, environment: [:]))
    let older = try self.package(sourceAge: 10, runnerAge: 600, compiledAge: 600)
    XCTAssertEqual(
      StaleRunnerCheck.judge(executable: older.1.path, root: older.2, environment: [:]),
      StaleRunnerCheck.warning(executable: older.1.path, root: older.2))
    _ = (folder, older.0)
  }

  /// Another executable of the package was rebuilt after the change; this runner does not link the
  /// module (SwiftPM left it alone), so it is not stale.
  func testASourceCompiledSinceIntoAModuleTheRunnerDoesNotLinkGetsNoWarning() throws {
    let (folder, runner, root) = try package(sourceAge: 300, runnerAge: 600, compiledAge: 10)
    XCTAssertNil(StaleRunnerCheck.warning(executable: runner.path, root: root))
    _ = folder
  }

  func testARunnerOutsideAnyPackageIsNotJudged() throws {
    let folder = try TemporaryFolder()
    let runner = try folder.write("bin/kotlin-runner", "#!/bin/sh\n")
    XCTAssertNil(StaleRunnerCheck.warning(executable: runner.path, root: folder.url))
  }

  func testTheSummaryNamesTheRunnerItsPlatformAndItsBuildTimeApartFromTheReplayTime() {
    let run = RunResult(
      fixtures: [], runners: 1, durationMillis: 300,
      runner: RunnerIdentity(path: ".build/debug/replay-runner", platform: "swift", buildMillis: 2_140))
    let text = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: false)
    XCTAssertTrue(
      text.hasSuffix(
        "in 0.3s\nduet-verify: runner .build/debug/replay-runner (platform swift), built in 2.1s\n"
          + "duet-verify verify: FAIL\n"), text)
    XCTAssertTrue(
      JSONReport.render(run).contains(
        #""runner":{"buildMillis":2140,"path":".build/debug/replay-runner","platform":"swift"}"#))
  }

  /// The runner's summary line is `summary`, and the JSON report of a run on it holds `json`.
  func assertRunner(
    _ identity: RunnerIdentity, says summary: String, inJSON json: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(identity.summary, summary, file: file, line: line)
    let report = JSONReport.render(RunResult(fixtures: [], runners: 1, durationMillis: 300, runner: identity))
    XCTAssertTrue(report.contains(json), report, file: file, line: line)
  }

  func testARunnerFoundUpToDateIsSaidToBeUpToDateInTheSummaryAndTheJSON() {
    assertRunner(
      RunnerIdentity(path: ".build/debug/replay-runner", platform: "swift", upToDate: true),
      says: "runner .build/debug/replay-runner (platform swift), up to date (no source changed since its last build)",
      inJSON: #""runner":{"path":".build/debug/replay-runner","platform":"swift","upToDate":true}"#)
  }

  func testWhyTheRunnerWasBuiltIsSaidInTheSummaryAndTheJSON() {
    assertRunner(
      RunnerIdentity(
        path: ".build/debug/replay-runner", platform: "swift", buildMillis: 900,
        buildReason: "Sources/Logic/Logic.swift changed"),
      says:
        "runner .build/debug/replay-runner (platform swift), built in 0.9s (rebuilt: Sources/Logic/Logic.swift changed)",
      inJSON: #""runner":{"buildMillis":900,"buildReason":"Sources/Logic/Logic.swift changed","path":"#)
  }

  func testAGivenRunnerIsSaidToBeGivenAndAMissingPlatformIsSaid() {
    XCTAssertEqual(
      RunnerIdentity(path: "/opt/kotlin-runner").summary,
      "runner /opt/kotlin-runner (platform not named), given with --runner")
  }

  func testTheBuildProgressLineIsWordedByItsCaller() {
    let drawn = expectation(description: "drawn")
    let texts = LockedTexts()
    let progress = ProgressLine(total: 0, delay: 0, text: { _, _ in "building the runner… 1s" }) {
      if texts.add($0) == 1 { drawn.fulfill() }
    }
    wait(for: [drawn], timeout: 5)
    progress.finish()
    XCTAssertEqual(texts.all.first, "\r\u{1B}[2Kduet-verify: building the runner… 1s")
    XCTAssertEqual(texts.all.last, "\r\u{1B}[2K")
  }

  final class LockedTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ text: String) -> Int {
      lock.withLock {
        texts.append(text); return texts.count
      }
    }
    var all: [String] { lock.withLock { texts } }
  }
}
