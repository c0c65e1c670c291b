import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A strength verb's report in `.runs/<verb>/summary.json` (``RunsRoot/writeFile(_:to:in:location:notes:)``):
/// written whole beside verify's report, which it never touches, and never through whatever a
/// checkout planted where it goes.
final class StrengthRunsReportTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var location: ManifestLocation { folder.manifestLocation }
  private var runs: URL { folder.url.appendingPathComponent(".runs") }
  private var report: URL { runs.appendingPathComponent("coverage/summary.json") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder(prefix: "duet-verify-strength-runs")
    _ = try folder.write("manifest.yaml", "features: {}\n")
    _ = try folder.write("fixtures/counter.fixture.json", "{\"recording\": true}\n")
  }

  override func tearDown() {
    folder = nil
  }

  private func keep(_ text: String) throws -> [String] {
    let notes = ReportNotes()
    try RunsRoot.writeFile(Array(text.utf8), to: "summary.json", in: "coverage", location: location, notes: notes)
    return notes.all
  }

  private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  func testTheReportIsWrittenBesideVerifysWhichStaysAsItWas() throws {
    let verify = try folder.write(".runs/verify/summary.json", "{\"verify\": 1}\n")
    let failure = try folder.write(".runs/verify/fixtures/counter.json", "{\"failed\": true}\n")
    XCTAssertEqual(try keep("{\"a\": 1}\n"), [])
    XCTAssertEqual(try keep("{\"b\": 2}\n"), [])
    XCTAssertEqual(try read(report), "{\"b\": 2}\n")
    XCTAssertEqual(try read(runs.appendingPathComponent(".gitignore")), "*\n")
    XCTAssertEqual(try read(verify), "{\"verify\": 1}\n")
    XCTAssertEqual(try read(failure), "{\"failed\": true}\n")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: report.deletingLastPathComponent().path), ["summary.json"],
      "a temporary file is left")
  }

  /// A killed run (`kill -9` in the middle of a write) leaves its temporary; the next write removes
  /// it, and keeps a live process's temporary and anything not named like one.
  func testATemporaryAKilledRunLeftIsRemovedAndNothingElse() throws {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/sh")
    ended.arguments = ["-c", "exit 0"]
    try ended.run()
    ended.waitUntilExit()
    _ = try folder.write(".runs/coverage/.duet-\(ended.processIdentifier)-1a2b.tmp", "half\n")
    _ = try folder.write(".runs/coverage/.duet-\(getpid())-3c4d.tmp", "being written\n")
    _ = try folder.write(".runs/coverage/notes.tmp", "mine\n")
    XCTAssertEqual(try keep("{\"a\": 1}\n"), [])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: report.deletingLastPathComponent().path).sorted(),
      [".duet-\(getpid())-3c4d.tmp", "notes.tmp", "summary.json"])
  }

  func testALinkInPlaceOfTheVerbsFolderIsReplacedAndWhatItLeadsToIsNotWritten() throws {
    let elsewhere = try folder.write("elsewhere/summary.json", "theirs\n")
    try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: runs.appendingPathComponent("coverage"), withDestinationURL: elsewhere.deletingLastPathComponent())
    let notes = try keep("ours\n")
    XCTAssertEqual(try read(elsewhere), "theirs\n")
    XCTAssertEqual(try read(report), "ours\n")
    XCTAssertNil(
      try? FileManager.default.destinationOfSymbolicLink(atPath: runs.appendingPathComponent("coverage").path))
    XCTAssertEqual(notes.count, 1, "\(notes)")
    XCTAssertTrue(notes.first?.contains(".runs/coverage was a link") == true, "\(notes)")
  }

  func testALinkANamedPipeOrAHardLinkAtTheReportIsReplacedNeverOpenedOrWrittenThrough() throws {
    let recording = folder.url.appendingPathComponent("fixtures/counter.fixture.json")
    try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)

    try FileManager.default.createSymbolicLink(at: report, withDestinationURL: recording)
    XCTAssertTrue(try keep("one\n").first?.contains("was a link") == true)
    XCTAssertEqual(try read(recording), "{\"recording\": true}\n")

    try FileManager.default.removeItem(at: report)
    XCTAssertEqual(link(recording.path, report.path), 0)
    XCTAssertTrue(try keep("two\n").first?.contains("2 links") == true)
    XCTAssertEqual(try read(recording), "{\"recording\": true}\n")

    try FileManager.default.removeItem(at: report)
    XCTAssertEqual(mkfifo(report.path, 0o644), 0)
    // Opening a pipe nobody reads would block: the write must finish without a reader.
    XCTAssertTrue(try keep("three\n").first?.contains("a named pipe") == true)

    var info = stat()
    XCTAssertEqual(lstat(report.path, &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
    XCTAssertEqual(info.st_nlink, 1)
    XCTAssertEqual(try read(report), "three\n")
  }

  func testRunsBeingALinkIsRefusedAndNothingIsWrittenWhereItLeads() throws {
    let elsewhere = folder.url.appendingPathComponent("other-checkout/.runs")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: runs, withDestinationURL: elsewhere)
    XCTAssertThrowsError(try keep("ours\n")) { error in
      XCTAssertTrue("\(error)".contains("a link or not a folder"), "\(error)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
  }
}
