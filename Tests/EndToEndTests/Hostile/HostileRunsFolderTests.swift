import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Through the real executable: links a pull request can commit under `.runs/` are never followed,
/// so no file outside the report is deleted, truncated or written (docs/commands.md, `.runs/`).
final class HostileRunsFolderTests: HostileRepositoryTestCase {
  func testVerifyNeverDeletesThroughAStagingFolderLink() throws {
    let before = outside.snapshot()
    try outside.link(".runs/verify/.fixtures-staging", under: repository.root)
    try outside.link(".runs/.verify-staging", under: repository.root)
    for _ in 0..<2 {
      let run = try verify()
      XCTAssertEqual(run.code, 0, run.out + run.error)
    }
    XCTAssertEqual(outside.snapshot(), before)
    XCTAssertNotNil(RunsReport(repository.root).summary, "the report is still written")
  }

  func testVerifyNeverWritesThroughAReportFileLink() throws {
    // A failing recording, so that its report file is written.
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    let before = outside.snapshot()
    try outside.link(
      ".runs/verify/fixtures/counter.json", under: repository.root,
      to: outside.url.appendingPathComponent("counter.json"))
    for _ in 0..<3 {
      let run = try verify()
      XCTAssertEqual(run.code, 1, run.out + run.error)
    }
    XCTAssertEqual(outside.snapshot(), before)
    XCTAssertTrue(RunsReport(repository.root).fixtures.contains("counter.json"))
  }

  func testALinkedReportFolderLosesNothing() throws {
    let before = outside.snapshot()
    try outside.link(".runs/verify/fixtures", under: repository.root)
    for _ in 0..<3 {
      let run = try verify()
      XCTAssertEqual(run.code, 0, run.out + run.error)
    }
    XCTAssertEqual(outside.snapshot(), before)
  }

  func testARecordingsFolderLinkedUnderRunsLosesNothing() throws {
    try outside.link(
      ".runs/verify/fixtures", under: repository.root, to: repository.root.appendingPathComponent("fixtures"))
    let recordings = RecordingsSnapshot(repository.root)
    for _ in 0..<3 {
      let run = try verify()
      XCTAssertEqual(run.code, 0, run.out + run.error)
    }
    XCTAssertEqual(RecordingsSnapshot(repository.root), recordings)
  }

  func testRunsLinkedOutsideIsRefusedWithASentenceAndTheVerdictStands() throws {
    try outside.link(".runs", under: repository.root)
    let before = outside.snapshot()
    let run = try verify()
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertEqual(outside.snapshot(), before, "nothing is written outside the repository")
    assertContains(
      run.error,
      "duet-verify: the run report (.runs/verify/) was not written: .runs is a link or not a folder, and duet-verify "
        + "never writes through a link or into something it did not make. Remove it (rm .runs) and run again.")
  }

  /// A `.verify-<pid>-<hex>` folder is removed only when its name has exactly that form and its pid
  /// no longer runs, and then only the report files in it: a link is never followed, anything else
  /// in it is kept (and so the folder), and a folder of a live process or of another name stays.
  func testVerifyRemovesOnlyTheStagingFoldersOfRunsThatNoLongerRun() throws {
    let ended = try endedPid()
    let files: [String: String] = [
      ".runs/.verify-\(ended)-1a2b/summary.json": "{}",
      ".runs/.verify-\(ended)-1a2b/fixtures/counter.json": "{}",
      ".runs/.verify-\(ended)-1a2b/lanes/kotlin/fixtures/counter.json": "{}",
      ".runs/.verify-\(ended)-3c4d/notes.txt": "mine\n",
      ".runs/.verify-\(ended)-3c4d/fixtures/counter.json": "{}",
      ".runs/.verify-\(getpid())-5e6f/summary.json": "{}",
      ".runs/.verify-notes/summary.json": "{}",
      ".runs/.verify-1a2b3c4d/summary.json": "{}",
      ".runs/.verify-\(ended)-zz/summary.json": "{}",
    ]
    try FileTree.write(files, under: repository.root)
    try outside.link(".runs/.verify-\(ended)-7a8b", under: repository.root)
    let before = outside.snapshot()
    let run = try verify()
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertEqual(outside.snapshot(), before, "nothing is removed through a link")
    let link = try FileManager.default.attributesOfItem(atPath: repository.root.path + "/.runs/.verify-\(ended)-7a8b")
    XCTAssertEqual(link[.type] as? FileAttributeType, .typeSymbolicLink, "the link itself is kept")
    let runs = repository.root.appendingPathComponent(".runs")
    let left = FileTree.listing(runs).filter { $0.hasPrefix(".verify-") && !$0.hasPrefix(".verify-staging") }
    XCTAssertEqual(
      left,
      [
        ".verify-\(ended)-3c4d/", ".verify-\(ended)-3c4d/notes.txt", ".verify-\(ended)-7a8b/", ".verify-\(ended)-zz/",
        ".verify-\(ended)-zz/summary.json",
        ".verify-\(getpid())-5e6f/", ".verify-\(getpid())-5e6f/summary.json", ".verify-1a2b3c4d/",
        ".verify-1a2b3c4d/summary.json", ".verify-notes/", ".verify-notes/summary.json",
      ].sorted())
  }

  /// The pid of a process that has ended (and been reaped).
  func endedPid() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  func testTheRunsFolderIgnoresItself() throws {
    XCTAssertEqual(try verify().code, 0)
    XCTAssertEqual(try repository.read(".runs/.gitignore"), "*\n")
  }
}

/// The report `verify` left in `.runs/verify/`.
struct RunsReport {
  var summary: Data?
  var fixtures: [String]

  init(_ root: URL) {
    let folder = root.appendingPathComponent(".runs/verify")
    summary = FileManager.default.contents(atPath: folder.appendingPathComponent("summary.json").path)
    fixtures =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fixtures").path))
      ?? []).sorted()
  }
}

/// Every recording in a repository's `fixtures/`, by name and bytes.
struct RecordingsSnapshot: Equatable {
  var files: [String: Data] = [:]

  init(_ root: URL) {
    let folder = root.appendingPathComponent("fixtures")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }
  }
}
