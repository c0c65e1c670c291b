import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The scratch copy of an app whose reducers live in a local path dependency of its runner
/// package: both packages are copied at the same places relative to each other, build folders
/// left out, and each copied manifest points at the copies, so a mutant never reaches the user's
/// packages. (TMPDIR is this process's own: the copies are made in a temporary folder of the test.)
final class ScratchPackageTests: XCTestCase {
  private func write(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  private func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

  func testASiblingDependencyHoldingTheReducersIsCopiedBesideTheRunnerAndTheRunnerCopyPointsAtIt() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-scratch-sibling")
    let app = folder.url.appendingPathComponent("app").resolvingSymlinksInPath()
    try write(
      [
        "runner/Package.swift": #"deps: [.package(path: "../core"), .package(path: "../tools")]"#,
        "core/Package.swift": "core", "core/Sources/Core/Reducer.swift": "reducer",
        "core/.build/debug/junk": "built", "core/.git/HEAD": "ref", "tools/Package.swift": "tools",
      ], under: app)
    let scratch = ScratchPackage.reserve(
      for: app.appendingPathComponent("runner"), dependencies: [app.appendingPathComponent("core")])
    try scratch.fill()
    defer { scratch.remove() }
    XCTAssertEqual(scratch.root.lastPathComponent, "app")
    XCTAssertEqual(scratch.originalRoot.path, app.path)
    XCTAssertEqual(scratch.package.path, scratch.root.appendingPathComponent("runner").path)
    XCTAssertEqual(scratch.copiedPackages, ["runner", "core"])
    XCTAssertEqual(text(scratch.root.appendingPathComponent("core/Sources/Core/Reducer.swift")), "reducer")
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("core/.build").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("core/.git").path))
    // The copied core is named by its copy; the one left in place by its absolute path.
    let manifest = text(scratch.package.appendingPathComponent("Package.swift"))
    let core = scratch.root.appendingPathComponent("core").path
    let tools = app.appendingPathComponent("tools").path
    XCTAssertEqual(manifest, #"deps: [.package(path: "\#(core)"), .package(path: "\#(tools)")]"#)
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("tools").path))
  }

  func testARunnerPackageInsideTheDependencyThatHoldsTheReducersComesWithItsCopy() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-scratch-nested")
    let repository = folder.url.appendingPathComponent("checkout").resolvingSymlinksInPath()
    try write(
      [
        "Package.swift": "root", "Sources/Features/Feature.swift": "feature",
        "Examples/runner/Package.swift": #".package(name: "app", path: "../..")"#,
        "Examples/runner/.build/x": "built", ".runs/last.json": "{}",
      ], under: repository)
    let scratch = ScratchPackage.reserve(
      for: repository.appendingPathComponent("Examples/runner"), dependencies: [repository])
    try scratch.fill()
    defer { scratch.remove() }
    XCTAssertEqual(scratch.root.lastPathComponent, "checkout")
    XCTAssertEqual(scratch.copiedPackages, ["Examples/runner", "."])
    XCTAssertEqual(text(scratch.root.appendingPathComponent("Sources/Features/Feature.swift")), "feature")
    XCTAssertEqual(
      text(scratch.package.appendingPathComponent("Package.swift")),
      #".package(name: "app", path: "\#(scratch.root.path)")"#)
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.package.appendingPathComponent(".build").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent(".runs").path))
    XCTAssertEqual(
      scratch.userPath(scratch.root.appendingPathComponent("Sources/Features/Feature.swift").path).path,
      repository.appendingPathComponent("Sources/Features/Feature.swift").path)
    scratch.remove()
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.folder.path))
    XCTAssertEqual(text(repository.appendingPathComponent("Sources/Features/Feature.swift")), "feature")
  }

  func testTheReducerModulesPackageIsFoundAmongTheRunnersPathDependenciesAndFilesAreNamedFromTheirCommonFolder()
    throws
  {
    let folder = try TemporaryFolder(prefix: "duet-verify-reducer-packages")
    let app = folder.url.appendingPathComponent("app").resolvingSymlinksInPath()
    try write(
      [
        "runner/Package.swift": #".package(path: "../core")"#, "core/Package.swift": "core",
        "core/Sources/Core/Reducer.swift": "", "core/Sources/Core/Deep/Helper.swift": "",
        "core/Sources/Core/notes.md": "",
      ], under: app)
    let manifest = ManifestReader.read(
      "replayRunner: runner\nfeatures:\n  tally:\n    swift: core/Sources/Core/Reducer.swift\n    fixtures: []\n",
      location: ManifestLocation(file: app.appendingPathComponent("manifest.yaml"))
    ).manifest
    let packages = try ReducerPackages.locate(manifest, features: [], runner: app.appendingPathComponent("runner"))
    XCTAssertEqual(packages.dependencies.map(\.path), [app.appendingPathComponent("core").path])
    XCTAssertEqual(packages.root.path, app.path)
    XCTAssertEqual(packages.files, ["core/Sources/Core/Deep/Helper.swift", "core/Sources/Core/Reducer.swift"])
  }

  func testAScratchRemovedBeforeOrWhileItIsFilledIsNeverMadeSoASignalsRemovalIsNotUndone() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-scratch-removed")
    let app = folder.url.resolvingSymlinksInPath()
    try write(["Package.swift": "app", "Sources/Core/Reducer.swift": "reducer"], under: app)
    let scratch = ScratchPackage.reserve(for: app)
    scratch.remove()
    XCTAssertThrowsError(try scratch.fill()) { error in
      XCTAssertTrue("\(error)".contains("stopped while copying"), "\(error)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.folder.path), "the copy went on after the removal")
  }

  /// A signal's stop removes the scratch and exits at once; when the main thread (its build just
  /// killed) had begun the removal, the stop's own call must not return before the folder is gone,
  /// or the exit cuts the removal short and leaves the scratch (the flaky interrupt tests' cause).
  func testASecondRemovalReturnsOnlyOnceTheFirstHasRemovedTheWholeScratch() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-scratch-twice")
    let app = folder.url.appendingPathComponent("app").resolvingSymlinksInPath()
    var files = ["Package.swift": "app"]
    for index in 0..<200 { files["Sources/Core/File\(index).swift"] = "let value\(index) = \(index)" }
    try write(files, under: app)
    let scratch = ScratchPackage.reserve(for: app)
    try scratch.fill()
    let first = Thread { scratch.remove() }
    first.start()
    while !scratch.isRemoved { usleep(100) }
    scratch.remove()
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: scratch.folder.path),
      "the second removal returned while the first was still removing the scratch")
  }

  func testScenarioFilesAndFilesDeclaringScenariosOrChainsAreNotMutated() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-reducer-scenarios")
    let app = folder.url.resolvingSymlinksInPath()
    try write(
      [
        "Package.swift": "app", "Sources/Core/Reducer.swift": "func reduce() {}",
        "Sources/Core/Story.swift": "let story = 1", "Sources/Core/Chains.swift": "let chain = ChainScenario(a, b)",
        "Sources/Core/Other.swift": "let other = Scenario (x)",
      ], under: app)
    let manifest = ManifestReader.read(
      "replayRunner: .\nfeatures:\n  tally:\n    swift: Sources/Core/Reducer.swift\n"
        + "    scenario: Sources/Core/Story.swift\n    fixtures: []\n",
      location: ManifestLocation(file: app.appendingPathComponent("manifest.yaml"))
    ).manifest
    let packages = try ReducerPackages.locate(manifest, features: [], runner: app)
    XCTAssertEqual(packages.dependencies, [])
    XCTAssertEqual(packages.files, ["Sources/Core/Reducer.swift"])
  }

  func testAReducerModuleInNoPackageTheRunnerDependsOnIsRefusedWithASentenceNamingIt() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-reducer-outside")
    let app = folder.url.appendingPathComponent("app").resolvingSymlinksInPath()
    try write(
      ["runner/Package.swift": "no dependencies", "core/Package.swift": "core", "core/Sources/Core/Reducer.swift": ""],
      under: app)
    let manifest = ManifestReader.read(
      "replayRunner: runner\nfeatures:\n  tally:\n    swift: core/Sources/Core/Reducer.swift\n    fixtures: []\n",
      location: ManifestLocation(file: app.appendingPathComponent("manifest.yaml"))
    ).manifest
    XCTAssertThrowsError(
      try ReducerPackages.locate(manifest, features: [], runner: app.appendingPathComponent("runner"))
    ) { error in
      let sentence = (error as? MutationDrillError)?.description ?? ""
      XCTAssertTrue(
        sentence.contains("the reducer module core/Sources/Core is neither inside the runner package runner"), sentence)
      XCTAssertTrue(sentence.contains("runner/Package.swift with .package(path:)"), sentence)
    }
  }
}
