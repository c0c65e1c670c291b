import Foundation
import TestSupport
import XCTest

/// The runner's build is skipped only when nothing it is built from changed (docs/commands.md: a verify never
/// replays a stale runner). A real temporary runner package, built by the real `swift`, depending by
/// path on a second package (`marker`) that names the platform its handshake announces; its
/// `replay-runner` hands over to the built misbehaving-runner with that platform, so the summary
/// shows which build answered. After each change below, the next verify must build; once nothing
/// changed, it must say "up to date".
///
/// Slow-ish (a first build of two tiny packages); skipped when `swift` is not on PATH, or with
/// DUET_SKIP_ADOPTER=1 like the other real-build test.
final class RunnerBuildStampEndToEndTests: RunnerPackageTestCase {
  func testTheRunnerBuildIsSkippedOnlyWhenNoInputChangedAndEveryChangeBuilds() throws {
    let repository = keep(
      try TemporaryRepository.withRunnerPackage(
        marker: "public let handOver = \"\(handOver)\"\npublic let platform = \"one\"\n"))

    let first = try verify(repository)
    XCTAssertTrue(first.out.contains("runner runner/.build/debug/replay-runner (platform one), built in"), first.all)
    try settle(repository, platform: "one")

    // A source of the runner package itself.
    try repository.write("runner/Sources/replay-runner/main.swift", TemporaryRepository.runnerMain + "// edited\n")
    try expectBuild(repository, platform: "one", after: "editing the runner's main.swift")
    // A source of its path dependency: the platform the new build announces proves it is fresh.
    try repository.edit("marker/Sources/Marker/Marker.swift", replacing: "\"one\"", with: "\"two\"")
    try expectBuild(repository, platform: "two", after: "editing the path dependency's source")
    // A file added, then removed.
    try repository.write("runner/Sources/replay-runner/Extra.swift", "let extra = 1\n")
    try expectBuild(repository, platform: "two", after: "adding a source file")
    try FileManager.default.removeItem(
      at: repository.root.appendingPathComponent("runner/Sources/replay-runner/Extra.swift"))
    try expectBuild(repository, platform: "two", after: "removing a source file")
    // Package.swift touched, its content unchanged: the stamp goes by content, not by time, so
    // nothing the build reads changed and the runner is still up to date.
    try FileManager.default.setAttributes(
      [.modificationDate: Date()], ofItemAtPath: repository.root.appendingPathComponent("runner/Package.swift").path)
    let touched = try verify(repository)
    XCTAssertTrue(touched.out.contains("(platform two), up to date"), "a touch changes no byte: \(touched.all)")
    // The executable replaced behind SwiftPM's back: the build runs, and SwiftPM relinks it.
    let executable = repository.root.appendingPathComponent("runner/.build/debug/replay-runner")
      .resolvingSymlinksInPath()
    let impostor = try repository.write("impostor", "#!/bin/sh\nexit 3\n")
    XCTAssertEqual(chmod(impostor.path, 0o755), 0)
    XCTAssertEqual(rename(impostor.path, executable.path), 0)
    try expectBuild(repository, platform: "two", after: "replacing the executable")
    // --rebuild builds although nothing changed.
    let forced = try verify(repository, ["--rebuild"])
    XCTAssertTrue(forced.out.contains("(platform two), built in"), forced.all)
    XCTAssertTrue(forced.out.contains("(rebuilt: --rebuild)"), forced.all)
  }

  /// Runs `verify` (with `extra`) in the repository and expects a pass.
  private func verify(_ repository: TemporaryRepository, _ extra: [String] = []) throws -> CommandRun {
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["verify"] + extra, in: repository.root, deadline: 1800)
    XCTAssertEqual(run.code, 0, run.all)
    return run
  }

  /// Verifies until the build is skipped as up to date: a build right after a change leaves no stamp
  /// (its inputs were too fresh to trust), so it may take a run or two more; never more than four.
  private func settle(_ repository: TemporaryRepository, platform: String, line: UInt = #line) throws {
    for _ in 0..<4 {
      let run = try verify(repository)
      if run.out.contains("(platform \(platform)), up to date (no source changed since its last build)") { return }
      XCTAssertTrue(run.out.contains("(platform \(platform)), built in"), run.all, line: line)
    }
    XCTFail("verify never found the runner up to date with nothing changed", line: line)
  }

  /// The next verify after `change` must build and replay with the fresh runner; then it settles.
  private func expectBuild(
    _ repository: TemporaryRepository, platform: String, after change: String, line: UInt = #line
  ) throws {
    let run = try verify(repository)
    XCTAssertTrue(
      run.out.contains("runner runner/.build/debug/replay-runner (platform \(platform)), built in"),
      "after \(change), verify must build: \(run.all)", line: line)
    try settle(repository, platform: platform, line: line)
  }
}
