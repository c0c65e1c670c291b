import Foundation
import TestSupport
import XCTest

/// `duet-verify mutate` on an app whose reducers live in a local path dependency of its runner
/// package (``TwoPackageApp``): the scratch copies both packages, the runner copy resolves the
/// core copy, the mutants go there, and neither of the user's packages is written. The one drill
/// (a real build, the real planner) runs once, for the first test that reads it.
///
/// Skipped when `swift` is not on PATH, or with DUET_SKIP_ADOPTER=1 like the other real-build tests.
final class MutatePathDependencyEndToEndTests: XCTestCase {
  struct Shared {
    var folder: TemporaryFolder
    var app: TwoPackageApp
    var before: [String: Data]
    var after: [String: Data]
    var drill: CommandRun
  }

  /// The one drill, run when a test first asks for it; a reason to skip instead.
  static let shared = ClassRun(
    skipReason: { RealBuilds.skipReason("mutate", purpose: "mutate builds a throwaway runner package") },
    make: drill)

  private static func drill() throws -> Shared {
    let folder = try TemporaryFolder(prefix: "duet-verify-mutate-two")
    let app = try TwoPackageApp.write(into: folder.url.appendingPathComponent("app"))
    let before = app.tree()
    let drill = try StrengthCommands.run(
      ["mutate", "--jobs", "2"], in: app.root, temporary: folder.url.appendingPathComponent("t"))
    return Shared(folder: folder, app: app, before: before, after: app.tree(), drill: drill)
  }

  override class func tearDown() {
    shared.drop()
    super.tearDown()
  }

  private func sharedRun() throws -> Shared { try Self.shared.value() }

  func testMutantsOfReducersInAPathDependencyAreBuiltAndKilledInTheScratchCopy() throws {
    let shared = try sharedRun()
    let out = shared.drill.out.lowercased()
    // `+= 1` → `-= 1` and `1` → `2` on the bump the recording makes: killed only if the runner
    // built from the copies really ran the mutated core.
    assertContains(out, "mutation score")
    assertContains(out, "(2 killed, ")
    XCTAssertFalse(shared.drill.error.contains("is neither inside the runner package"), shared.drill.all)
  }

  func testMutantsAreNamedByTheirPathFromTheFolderHoldingBothPackages() throws {
    let shared = try sharedRun()
    // `state.count = 0` in `case .reset`, which no recording sends: listed as not covered.
    let line = TwoPackageApp.line(of: "state.count = 0")
    assertContains(shared.drill.out, "\(TwoPackageApp.featureFile):\(line):5: ")
  }

  func testTheSummarySaysWhichPackagesWereCopied() throws {
    let shared = try sharedRun()
    assertContains(
      shared.drill.out,
      "duet-verify mutate: the mutants were built in a scratch copy of runner and of its path dependency core; "
        + "your packages were only read.")
  }

  func testNeitherPackageOfTheUsersTreeIsWrittenAndNoScratchIsLeft() throws {
    let shared = try sharedRun()
    let changed = Set(shared.before.keys).union(shared.after.keys).filter { shared.before[$0] != shared.after[$0] }
    XCTAssertEqual(changed.filter { !$0.hasPrefix(".runs/") }.sorted(), [], shared.drill.all)
    XCTAssertTrue(shared.before.keys.contains { $0.hasPrefix("core/") && $0.hasSuffix(".swift") })
    XCTAssertTrue(shared.before.keys.contains { $0.hasPrefix("runner/") && $0.hasSuffix(".swift") })
    for package in ["core", "runner"] {
      let build = shared.app.root.appendingPathComponent(package).appendingPathComponent(".build")
      XCTAssertFalse(FileManager.default.fileExists(atPath: build.path), "\(package)/.build appeared")
    }
    let parent = shared.folder.url.appendingPathComponent("t/duet-verify-strength")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [], "a scratch is left")
  }
}
