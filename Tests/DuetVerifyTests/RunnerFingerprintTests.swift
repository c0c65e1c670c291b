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

  /// What `swift package describe --type json` says of `app/` (depending on `lib/`) and `lib/`;
  /// `extraTarget` adds a target of `app` at that path.
  private static func describe(extraTarget: String? = nil) -> RunnerPackageGraph.Describe {
    { folder in
      let isApp = folder.hasSuffix("/app")
      var targets =
        isApp
        ? [
          #"{"c99name":"replay_runner","name":"replay-runner","path":"Sources/replay-runner","sources":["main.swift"]}"#
        ]
        : [#"{"c99name":"Lib","name":"Lib","path":"Sources/Lib","sources":["Lib.swift"]}"#]
      if isApp, let extraTarget { targets.append(#"{"c99name":"Gen","name":"Gen","path":"\#(extraTarget)"}"#) }
      let lib = (folder as NSString).deletingLastPathComponent + "/lib"
      let dependencies = isApp ? #"[{"identity":"lib","path":"\#(lib)","type":"fileSystem"}]"# : "[]"
      return Data(#"{"dependencies":\#(dependencies),"targets":[\#(targets.joined(separator: ","))]}"#.utf8)
    }
  }

  private func fingerprint(
    _ app: URL, environment: [String: String] = [:], describe: @escaping RunnerPackageGraph.Describe = describe()
  ) -> RunnerFingerprint? {
    RunnerFingerprint.take(
      package: app, swift: "/bin/sh", arguments: ["build", "--product", "replay-runner"], environment: environment,
      describe: describe)
  }

  func testTheFingerprintCoversTheRunnerPackageAndItsPathDependencyButNoBuildFolder() throws {
    let (folder, app) = try packages()
    let text = try XCTUnwrap(fingerprint(app)).text
    XCTAssertTrue(text.contains("/app/Sources/replay-runner/main.swift\n"), text)
    XCTAssertTrue(text.contains("/lib/Sources/Lib/Lib.swift\n"), text)
    XCTAssertTrue(text.contains("/lib/Package.swift\n"), text)
    XCTAssertTrue(text.contains("command\t"), text)
    XCTAssertFalse(text.contains("/.build/"), text)
    // SwiftPM may compile from `.swiftpm/` (a target's `path:`), so it is walked like any folder.
    XCTAssertTrue(text.contains("/app/.swiftpm/editor.json\n"), text)
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
      package: app, swift: "/bin/cat", arguments: ["build", "--product", "replay-runner"], environment: [:],
      describe: Self.describe())
    XCTAssertNotEqual(plain.text, try XCTUnwrap(other).text)
  }

  func testAnUnreadableOrUnknownWorkspaceStateGivesNoFingerprint() throws {
    let (folder, app) = try packages()
    try workspaceState(folder, dependencies: [#"{"packageRef":{},"state":{"name":"somethingNew"}}"#])
    XCTAssertNil(fingerprint(app), "a dependency state this does not know")
    try folder.write("app/.build/workspace-state.json", "{not json")
    XCTAssertNil(fingerprint(app), "an unreadable workspace state")
    // Never built: SwiftPM's description names the path dependency all the same.
    try FileManager.default.removeItem(at: app.appendingPathComponent(".build/workspace-state.json"))
    XCTAssertTrue(try XCTUnwrap(fingerprint(app)).text.contains("/lib/Sources/Lib/Lib.swift\n"))
    // SwiftPM's answer is kept under the manifests' digest; a package it cannot describe gives none.
    try folder.write("app/Package.swift", "// swift-tools-version:6.0\n// edited\n")
    XCTAssertNil(fingerprint(app, describe: { _ in nil }), "a package SwiftPM cannot describe")
  }

  func testALinkToAFolderGivesNoFingerprint() throws {
    let (folder, app) = try packages()
    try FileManager.default.createSymbolicLink(
      at: app.appendingPathComponent("Sources/Shared"), withDestinationURL: folder.url.appendingPathComponent("lib"))
    XCTAssertNil(fingerprint(app))
  }

  /// Writes a stamp vouching for a build of `taken` that began long after every input settled.
  private func vouch(_ stamp: RunnerBuildStamp, _ taken: RunnerFingerprint) {
    let longAfter = RunnerBuildStamp.now() + 10 * RunnerBuildStamp.settle
    let record = RunnerBuildStamp.record(
      before: taken, after: taken, started: longAfter, succeeded: true, outputs: stamp.outputs())
    XCTAssertEqual(record.status, .trusted)
    XCTAssertTrue(stamp.write(record))
  }

  func testTheStampMatchesOnlyTheSameInputsAndTheSameExecutable() throws {
    let (folder, app) = try packages()
    let executable = app.appendingPathComponent(".build/debug/replay-runner")
    let stamp = RunnerBuildStamp(package: app, executable: executable)
    let taken = try XCTUnwrap(fingerprint(app))
    vouch(stamp, taken)
    XCTAssertTrue(stamp.matches(try XCTUnwrap(fingerprint(app))))

    try folder.write("app/.build/debug/replay-runner.new", "binary\n")
    XCTAssertEqual(rename(executable.path + ".new", executable.path), 0)
    XCTAssertTrue(stamp.matches(try XCTUnwrap(fingerprint(app))), "the same bytes put back: the same executable")
    try folder.write("app/.build/debug/replay-runner.new", "binarx\n")
    XCTAssertEqual(rename(executable.path + ".new", executable.path), 0)
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "a replaced executable")

    vouch(stamp, taken)
    try folder.write("lib/Sources/Lib/Lib.swift", "public let x = 9\n")
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "an edited input")
    stamp.remove()
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app))), "no stamp")
  }

  /// `touch -r`: the bytes changed, the modification time was given back. The stamp goes by bytes.
  func testAnEditGivenBackItsOldModificationTimeNoLongerMatchesAndATouchAloneStillDoes() throws {
    let (folder, app) = try packages()
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    let source = app.appendingPathComponent("Sources/replay-runner/main.swift").path
    let old = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: source)[.modificationDate] as? Date)
    vouch(stamp, try XCTUnwrap(fingerprint(app)))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: source)
    XCTAssertTrue(stamp.matches(try XCTUnwrap(fingerprint(app))), "a touch changes no byte")
    try folder.write("app/Sources/replay-runner/main.swift", "print(7)\n")
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: source)
    let now = try XCTUnwrap(fingerprint(app))
    XCTAssertFalse(stamp.matches(now), "same size, old time, other bytes")
    let plan = RunnerRebuildPlan.plan(
      last: stamp.read(), now: now, outputs: stamp.outputs(), force: false, root: folder.url)
    XCTAssertEqual(plan.reason, "app/Sources/replay-runner/main.swift changed")
    XCTAssertEqual(plan.modules, ["replay_runner"], "its module's products go, so the compiler sees the edit")
  }

  func testAnEnvironmentVariableAManifestReadsIsAnInputAndItsChangeIsNamed() throws {
    let (folder, app) = try packages()
    try folder.write(
      "app/Package.swift",
      "let fast = ProcessInfo.processInfo.environment[\"RUNNER_FAST\"] == \"1\"\nlet y = getenv( \"OTHER\" )\n")
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    vouch(stamp, try XCTUnwrap(fingerprint(app, environment: ["RUNNER_FAST": "0", "UNREAD": "a"])))
    XCTAssertTrue(stamp.matches(try XCTUnwrap(fingerprint(app, environment: ["RUNNER_FAST": "0", "UNREAD": "b"]))))
    let now = try XCTUnwrap(fingerprint(app, environment: ["RUNNER_FAST": "1", "UNREAD": "a"]))
    XCTAssertFalse(stamp.matches(now))
    XCTAssertFalse(now.text.contains("\t1\t"), "a value is kept as a digest, never as itself")
    let plan = RunnerRebuildPlan.plan(
      last: stamp.read(), now: now, outputs: stamp.outputs(), force: false, root: folder.url)
    XCTAssertEqual(plan.reason, "RUNNER_FAST changed (environment)")
    XCTAssertFalse(stamp.matches(try XCTUnwrap(fingerprint(app, environment: ["RUNNER_FAST": "0", "OTHER": "x"]))))
  }

  func testTheManifestScanFindsTheVariablesReadAndSaysWhenItCannotTell() {
    let found = ManifestEnvironment.scan(
      #"let a = ProcessInfo.processInfo.environment["A_1"]; let b = environment [ "B" ]; getenv("C")"#)
    XCTAssertEqual(found, ManifestEnvironment(names: ["A_1", "B", "C"], readsAll: false))
    XCTAssertTrue(ManifestEnvironment.scan("let all = ProcessInfo.processInfo.environment.keys").readsAll)
    XCTAssertEqual(ManifestEnvironment.scan("let x = 1"), ManifestEnvironment())
    let commented = ManifestEnvironment.scan(
      "// reads the environment\n/* getenv */ let u = \"http://x\"; let v = environment[\"V\"] // environment\n")
    XCTAssertEqual(commented, ManifestEnvironment(names: ["V"], readsAll: false), "comments are not code")
  }

  /// A target whose `path:` lies where the package walk does not go is still an input, and its
  /// edit names its module.
  func testATargetFolderSwiftPMNamesUnderTheBuildFolderIsWalked() throws {
    let (folder, app) = try packages()
    try folder.write("app/.build/gen/Gen.swift", "public let g = 1\n")
    let describe = Self.describe(extraTarget: ".build/gen")
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    let taken = try XCTUnwrap(fingerprint(app, describe: describe))
    XCTAssertTrue(taken.text.contains("/app/.build/gen/Gen.swift\n"), taken.text)
    vouch(stamp, taken)
    try folder.write("app/.build/gen/Gen.swift", "public let g = 2\n")
    let now = try XCTUnwrap(fingerprint(app, describe: describe))
    XCTAssertFalse(stamp.matches(now))
    let plan = RunnerRebuildPlan.plan(
      last: stamp.read(), now: now, outputs: stamp.outputs(), force: false, root: folder.url)
    XCTAssertEqual(plan.modules, ["Gen"])
  }

  /// After a build that began within a second of an edit, the next run builds again; its reason
  /// says the file may have been edited only before that build, not just that it changed.
  func testARebuildAfterAnUnsettledBuildSaysTheFileMayHaveBeenEditedOnlyBeforeThatBuild() throws {
    let (folder, app) = try packages()
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    let now = try XCTUnwrap(fingerprint(app))
    stamp.write(
      RunnerBuildStamp.record(
        before: now, after: now, started: RunnerBuildStamp.now(), succeeded: true, outputs: stamp.outputs()))
    let plan = RunnerRebuildPlan.plan(
      last: stamp.read(), now: now, outputs: stamp.outputs(), force: false, root: folder.url)
    XCTAssertTrue(
      plan.reason.contains(
        " changed, or was edited within a second of the last build's start (which could then not vouch for it)"),
      plan.reason)
    let edited = try XCTUnwrap(fingerprint(app))
    vouch(stamp, edited)
    try folder.write("app/Sources/replay-runner/main.swift", "print(8)\n")
    let settled = RunnerRebuildPlan.plan(
      last: stamp.read(), now: try XCTUnwrap(fingerprint(app)), outputs: stamp.outputs(), force: false,
      root: folder.url)
    XCTAssertEqual(settled.reason, "app/Sources/replay-runner/main.swift changed", "an edit after a trusted build")
  }

  func testNoStampVouchesForABuildWhoseInputsChangedDuringOrJustBeforeIt() throws {
    let (folder, app) = try packages()
    let stamp = RunnerBuildStamp(package: app, executable: app.appendingPathComponent(".build/debug/replay-runner"))
    let before = try XCTUnwrap(fingerprint(app))
    let longAfter = RunnerBuildStamp.now() + 10 * RunnerBuildStamp.settle
    // Inputs written just now, and the build "began" now: an edit in the same clock tick could hide.
    let racy = RunnerBuildStamp.record(
      before: before, after: before, started: RunnerBuildStamp.now(), succeeded: true, outputs: stamp.outputs())
    XCTAssertEqual(racy.status, .unsettled)
    XCTAssertTrue(racy.inputs.contains { $0.content == FingerprintEntry.unknown })
    stamp.write(racy)
    XCTAssertFalse(stamp.matches(before))
    try folder.write("app/Sources/replay-runner/During.swift", "\n")
    let after = try XCTUnwrap(fingerprint(app))
    let during = RunnerBuildStamp.record(
      before: before, after: after, started: longAfter, succeeded: true, outputs: stamp.outputs())
    XCTAssertEqual(during.status, .unsettled, "a file added during the build")
    XCTAssertEqual(
      during.inputs.first { $0.name.hasSuffix("During.swift") }?.content, FingerprintEntry.unknown,
      "its module is compiled again next time")
    let failed = RunnerBuildStamp.record(
      before: after, after: after, started: longAfter, succeeded: false, outputs: stamp.outputs())
    XCTAssertEqual(failed.status, .failed)
    XCTAssertFalse(stamp.matches(after))
  }

  /// With nothing known (no digests), every module in the products folder is compiled afresh: its
  /// objects and module files go, the files SwiftPM writes when it plans the build stay.
  func testWithoutDigestsEveryModulesProductsGoButThePlannedFilesStay() throws {
    let folder = try TemporaryFolder()
    for path in ["X.build/a.swift.o", "X.build/output-file-map.json", "X.build/sources", "Modules/X.swiftmodule", "x"] {
      try folder.write("debug/" + path, "x\n")
    }
    let plan = RunnerRebuildPlan.plan(last: nil, now: nil, outputs: nil, force: false, root: folder.url)
    XCTAssertEqual(plan.reason, "its inputs could not all be read")
    plan.apply(products: folder.url.appendingPathComponent("debug").path)
    let exists = { FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("debug/" + $0).path) }
    XCTAssertFalse(exists("X.build/a.swift.o"))
    XCTAssertFalse(exists("Modules/X.swiftmodule"))
    XCTAssertTrue(exists("X.build/output-file-map.json"))
    XCTAssertTrue(exists("X.build/sources"))
    XCTAssertTrue(exists("x"))
  }

  func testTheContentHashTellsBytesApartAtEveryLengthAndReadsFilesAsWholes() throws {
    var seen: Set<String> = []
    for length in 0..<70 {
      let text = String(repeating: "a", count: length)
      XCTAssertTrue(seen.insert(ContentHash.of(text)).inserted, "length \(length)")
      XCTAssertTrue(seen.insert(ContentHash.of(text + "b")).inserted || length == 69, "length \(length) + b")
    }
    XCTAssertEqual(ContentHash.of("print(1)\n").count, 32)
    let folder = try TemporaryFolder()
    let big = String(repeating: "0123456789abcdef", count: 200_000) + "tail"
    let file = try folder.write("big", big)
    var buffer: [UInt8] = []
    XCTAssertEqual(ContentHash.of(file: file.path, buffer: &buffer), ContentHash.of(big))
  }
}
