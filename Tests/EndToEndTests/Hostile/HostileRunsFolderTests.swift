import Foundation
import TestSupport
import XCTest

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
