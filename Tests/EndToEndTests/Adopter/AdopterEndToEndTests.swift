import Foundation
import TestSupport
import XCTest

/// A new user's first hour, as the README tells it: a throwaway app package depending on this
/// checkout by path, its own runner product `replay-runner`, `replayRunner: .`, and no `--runner`
/// anywhere. Record, commit, verify with a clean `git status`, then a reducer regression must FAIL
/// (the runner is rebuilt on every run, so it is never stale).
///
/// Slow on purpose (the first build of the runner compiles the runner-side libraries in the app's
/// own `.build`, never this package's, so it cannot wait on the lock `swift test` holds); skipped
/// with a message when `swift` or `git` is not on PATH, or with DUET_SKIP_ADOPTER=1.
final class AdopterEndToEndTests: XCTestCase {
  func testAnAppAdoptsDuetVerifyAsTheReadmeSaysAndARegressionFails() throws {
    if ProcessInfo.processInfo.environment["DUET_SKIP_ADOPTER"] == "1" {
      throw XCTSkip("DUET_SKIP_ADOPTER=1: the adopter test (a fresh build of the runner libraries) is skipped")
    }
    let swift = try tool("swift")
    let git = try tool("git")
    let duetVerify = try BuiltProducts.executable(named: "duet-verify")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duet-adopter-\(UUID().uuidString)")
    let app = scratch.appendingPathComponent("todo-app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    defer { removeScratch(scratch) }

    let files = try ReadmeAppFiles.read(checkout: SharedReference.repositoryRoot)
    let expected = [
      ".gitignore", "Package.swift", "Sources/TodoFeatures/TodoFeature.swift",
      "Sources/TodoFeatures/TodoRegistry.swift", "Sources/TodoFeatures/TodoScenario.swift",
      "Sources/replay-runner/main.swift", "manifest.yaml",
    ]
    guard files.map(\.path).sorted() == expected else {
      XCTFail("README.md's app files are \(files.map(\.path).sorted()), expected \(expected)")
      return
    }
    try FileTree.write(Dictionary(files.map { ($0.path, $0.text) }) { $1 }, under: app)
    let gitIdentity = ["-c", "user.name=Adopter", "-c", "user.email=adopter@example.invalid"]
    func gitRun(_ arguments: [String]) throws -> CommandRun {
      try CommandRun.run(git, gitIdentity + arguments, in: app)
    }
    XCTAssertEqual(try gitRun(["init", "-q"]).code, 0)
    // `swift test` holds this checkout's build lock while this runs: a build that wanted it would
    // wait until the deadline and fail here, so passing proves the app builds in its own folder.

    let started = Date()
    let record = try CommandRun.run(duetVerify, ["record"], in: app, deadline: 1800)
    let recordSeconds = Date().timeIntervalSince(started)
    XCTAssertEqual(record.code, 0, record.all)
    assertContains(record.all, "runner .build/debug/replay-runner (platform swift), built in")
    XCTAssertEqual(try gitRun(["add", "-A"]).code, 0)
    XCTAssertEqual(try gitRun(["commit", "-q", "-m", "Record the todo feature"]).code, 0)

    let verify = try CommandRun.run(duetVerify, ["verify"], in: app, deadline: 900)
    XCTAssertEqual(verify.code, 0, verify.all)
    assertContains(verify.out, "duet-verify: 2/2 fixtures passed")
    XCTAssertTrue(verify.out.contains("duet-verify: runner .build/debug/replay-runner (platform swift), built in"))
    XCTAssertTrue(verify.out.hasSuffix("duet-verify verify: PASS\n"), verify.out)
    let status = try gitRun(["status", "--porcelain"])
    XCTAssertEqual(status.out, "", "verify left the working tree dirty")

    // A regression in the reducer after the last build: the next verify rebuilds and fails.
    let feature = app.appendingPathComponent("Sources/TodoFeatures/TodoFeature.swift")
    let source = String(decoding: try Data(contentsOf: feature), as: UTF8.self)
    XCTAssertTrue(source.contains("    state.draft = \"\"\n"), "the README's reducer clears the draft")
    try Data(source.replacingOccurrences(of: "    state.draft = \"\"\n", with: "").utf8).write(to: feature)
    let regressed = try CommandRun.run(duetVerify, ["verify"], in: app, deadline: 900)
    XCTAssertEqual(regressed.code, 1, regressed.all)
    XCTAssertTrue(regressed.out.hasSuffix("duet-verify verify: FAIL\n"), regressed.out)
    assertContains(regressed.out, "draft")
    print(
      "AdopterEndToEndTests: record (first runner build) \(String(format: "%.1f", recordSeconds))s, "
        + "whole test \(String(format: "%.1f", Date().timeIntervalSince(started)))s; swift at \(swift.path)")
  }

  private func removeScratch(_ scratch: URL) { AppScratch.remove(scratch) }

  private func tool(_ name: String) throws -> URL {
    guard let url = AppScratch.tool(name) else {
      throw XCTSkip("'\(name)' is not on PATH: the adopter test builds and commits a throwaway app package")
    }
    return url
  }
}
