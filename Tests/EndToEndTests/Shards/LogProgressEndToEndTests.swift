import Foundation
import TestSupport
import XCTest

/// A CI log (stderr not a terminal) never looks hung: a line before a runner build starts, and a
/// progress line every interval (about 10 s; `DUET_VERIFY_PROGRESS_INTERVAL` for tests) during a
/// long run; nothing extra on a short one.
final class LogProgressEndToEndTests: XCTestCase {
  func testALongRunInALogPrintsAProgressLineEveryInterval() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let run = try repository.verify(
      ["verify", "--jobs", "1", "--runner", "'\(runner)' --slow-ms 80"],
      environment: ["DUET_VERIFY_PROGRESS_INTERVAL": "0.2"])
    XCTAssertEqual(run.code, 0, run.all)
    let lines = run.error.split(separator: "\n").filter { $0.hasPrefix("duet-verify: replayed ") }
    XCTAssertGreaterThanOrEqual(lines.count, 2, run.error)
    XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("/3 recordings, 0 failing") }, run.error)
    XCTAssertFalse(run.error.contains("\r"), "a log gets whole lines, no carriage returns")
  }

  func testAShortRunInALogPrintsNothingExtra() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let run = try repository.verify(["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(run.error, "")
  }

  /// A stand-in `swift` that fails at once: the line must be out before the build starts, whatever
  /// the build then does.
  func testALogSeesALineBeforeTheRunnerBuildStarts() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write("manifest.yaml", "replayRunner: runner\n" + (try repository.read("manifest.yaml")))
    _ = try repository.write(
      "runner/Package.swift",
      """
      // swift-tools-version:6.0
      import PackageDescription
      let package = Package(name: "runner", targets: [.executableTarget(name: "replay-runner")])

      """)
    let swift = try repository.write("bin/swift", "#!/bin/sh\necho 'stand-in swift: no build here'\nexit 1\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let run = try repository.verify(
      ["verify"], environment: ["PATH": swift.deletingLastPathComponent().path + ":/usr/bin:/bin"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertTrue(run.error.hasPrefix("duet-verify: building replay-runner in runner …\n"), run.error)
  }
}
