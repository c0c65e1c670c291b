import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The build-input fingerprint and stamp that let a verify skip the runner's build: any change of an
/// input, and any doubt, must mean "build". (RunnerBuildStampEndToEndTests does it with real builds.)
final class RunnerFingerprintTests: XCTestCase {
  private var folder: TemporaryFolder?

  override func tearDown() {
    folder = nil
  }

  /// A runner package `app/` depending by path on `lib/`, with SwiftPM's workspace state saying so.
  private func packages() throws -> (folder: TemporaryFolder, app: URL) {
    let folder = try TemporaryFolder()
    self.folder = folder
    try folder.write("app/Package.swift", "// swift-tools-version:6.0\n")
    try folder.write("app/Sources/replay-runner/main.swift", "print(1)\n")
    try folder.write("app/.build/debug/replay-runner", "binary\n")
    try folder.write("app/.swiftpm/editor.json", "{}\n")
    try folder.write("lib/Package.swift", "// swift-tools-version:6.0\n")
    try folder.write("lib/Sources/Lib/Lib.swift", "public let x = 1\n")
    try folder.write("lib/.build/debug/junk", "x\n")
    try workspaceState(folder, dependencies: [fileSystem(folder.url.appendingPathComponent("lib").path)])
    return (folder, folder.url.appendingPathComponent("app"))
  }

  private func fileSystem(_ path: String) -> String {
    #"{"packageRef":{"identity":"lib","kind":"fileSystem","location":"\#(path)","name":"lib"},"#
      + #""state":{"name":"fileSystem","path":"\#(path)"},"subpath":"lib"}"#
  }

  private func workspaceState(_ folder: TemporaryFolder, dependencies: [String]) throws {
    try folder.write(
      "app/.build/workspace-state.json",
      #"{"object":{"artifacts":[],"dependencies":["# + dependencies.joined(separator: ",") + #"]},"version":7}"#)
  }

  private func fingerprint(_ app: URL, environment: [String: String] = [:]) -> RunnerFingerprint? {
    RunnerFingerprint.take(
      package: app, swift: "/bin/sh", arguments: ["build", "--product", "replay-runner"], environment: environment)
  }

  func testTheFingerprintCoversTheRunnerPackageAndItsPathDependencyButNoBuildFolder() throws {
    let (folder, app) = try packages()
    let text = try XCTUnwrap(fingerprint(app)).text
    XCTAssertTrue(text.contains("/app/Sources/replay-runner/main.swift\n"), text)
    XCTAssertTrue(text.contains("/lib/Sources/Lib/Lib.swift\n"), text)
    XCTAssertTrue(text.contains("/lib/Package.swift\n"), text)
    XCTAssertTrue(text.contains("command "), text)
    XCTAssertFalse(text.contains("/.build/"), text)
    XCTAssertFalse(text.contains("/.swiftpm/"), text)
    XCTAssertEqual(fingerprint(app), fingerprint(app), "nothing changed, so the fingerprint is the same")
    _ = folder
  }

  func testEveryEditAdditionRemovalAndTouchChangesTheFingerprint() throws {
    let (folder, app) = try packages()
    var last = try XCTUnwrap(fingerprint(app))
    func expectChange(_ what: String, _ change: () throws -> Void) throws {
      try change()
      let now = try XCTUnwrap(fingerprint(app), what)
      XCTAssertNotEqual(now.text, last.text, "\(what) must change the fingerprint")
      last = now
    }
    try expectChange("editing the dependency") { try folder.write("lib/Sources/Lib/Lib.swift", "public let x = 2\n") }
    try expectChange("editing the package, same size") {
      try folder.write("app/Sources/replay-runner/main.swift", "print(2)\n")
    }
    try expectChange("adding a file") { try folder.write("app/Sources/replay-runner/More.swift", "\n") }
    try expectChange("removing a file") {
      try FileManager.default.removeItem(at: app.appendingPathComponent("Sources/replay-runner/More.swift"))
    }
    try expectChange("touching Package.swift") {
      let path = app.appendingPathComponent("Package.swift").path
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
    }
  }

  func testABuildSettingInTheEnvironmentOrAnotherSwiftChangesTheFingerprint() throws {
    let (_, app) = try packages()
    let plain = try XCTUnwrap(fingerprint(app, environment: ["PATH": "/bin", "LANG": "C"]))
    XCTAssertEqual(plain.text, try XCTUnwrap(fingerprint(app)).text, "PATH and LANG do not steer the build")
    XCTAssertNotEqual(plain.text, try XCTUnwrap(fingerprint(app, environment: ["SWIFTPM_FLAGS": "-c release"])).text)
    let other = RunnerFingerprint.take(
      package: app, swift: "/bin/cat", arguments: ["build", "--product", "replay-runner"], environment: [:])
    XCTAssertNotEqual(plain.text, try XCTUnwrap(other).text)
  }

  func testAnUnreadableOrUnknownWorkspaceStateGivesNoFingerprint() throws {
    let (folder, app) = try packages()
    try workspaceState(folder, dependencies: [#"{"packageRef":{},"state":{"name":"somethingNew"}}"#])
    XCTAssertNil(fingerprint(app), "a dependency state this does not know")
    try folder.write("app/.build/workspace-state.json", "{not json")
    XCTAssertNil(fingerprint(app), "an unreadable workspace state")
    try FileManager.default.removeItem(at: app.appendingPathComponent(".build/workspace-state.json"))
    XCTAssertNil(fingerprint(app), "no workspace state (never built)")
  }

  func testALinkToAFolderGivesNoFingerprint() throws {
    let (folder, app) = try packages()
    try FileManager.default.createSymbolicLink(
      at: app.appendingPathComponent("Sources/Shared"), withDestinationURL: folder.url.appendingPathComponent("lib"))
    XCTAssertNil(fingerprint(app))
  }

  func testTheStampMatchesOnlyTheSameInputsAndTheSameExecutable() throws {
    let (folder, app) = try packages()
    let executable = app.appendingPathComponent(".build/debug/replay-runner")
    let stamp = RunnerBuildStamp(package: app, executable: executable)
    let taken = try XCTUnwrap(fingerprint(app))
    let longAfter = RunnerBuildStamp.now() + 10 * RunnerBuildStamp.settle
    XCTAssertTrue(stamp.write(before: taken, after: taken, started: longAfter))
    XCTAssertTrue(stamp.matches(try XCTUnwrap(fingerprint(app))))

    try folder.write("app/.build/debug/replay-runner.new", "binary\n")
    XCTAssertEqual(rename(executable.path + ".new", executable.path), 0)
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "a replaced executable")

    XCTAssertTrue(stamp.write(before: taken, after: taken, started: longAfter))
    try folder.write("lib/Sources/Lib/Lib.swift", "public let x = 9\n")
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "an edited input")
    stamp.remove()
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "no stamp")
  }

  func testNoStampIsWrittenWhenInputsChangedDuringOrJustBeforeTheBuild() throws {
    let (folder, app) = try packages()
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    let before = try XCTUnwrap(fingerprint(app))
    let longAfter = RunnerBuildStamp.now() + 10 * RunnerBuildStamp.settle
    // Inputs written just now, and the build "began" now: an edit in the same clock tick could hide.
    XCTAssertFalse(stamp.write(before: before, after: before, started: RunnerBuildStamp.now()))
    XCTAssertFalse(stamp.matches(before))
    try folder.write("app/Sources/replay-runner/During.swift", "\n")
    let after = try XCTUnwrap(fingerprint(app))
    XCTAssertFalse(stamp.write(before: before, after: after, started: longAfter), "a file added during the build")
    XCTAssertFalse(stamp.write(before: nil, after: after, started: longAfter), "no fingerprint before the build")
    XCTAssertFalse(stamp.matches(after))
  }
}
