import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Through the real executable: what a cache or tar restore can leave where `verify` writes a
/// reused report file (a named pipe, a hard link to a recording) is removed and a fresh file
/// written, with a note; the run never blocks on it and never writes through it.
final class RunsFolderEntriesEndToEndTests: XCTestCase {
  /// Long enough for a run on a loaded machine, short enough that a blocked one fails the test.
  let deadline: TimeInterval = 40

  /// The counter corpus with `counter` failing (its report is written into the staging folder),
  /// after two runs: `.runs/.verify-staging` then holds the run before last, which the next run reuses.
  func repositoryWithReusedStaging(_ arguments: [String]) throws -> TemporaryRepository {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    for _ in 0..<2 {
      let run = try repository.verify(arguments)
      XCTAssertEqual(run.code, 1, run.all)
    }
    return repository
  }

  func demoRunner() throws -> [String] {
    ["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path]
  }

  /// Replaces the file at `relative` by a named pipe nobody reads.
  func plantPipe(_ relative: String, in repository: TemporaryRepository) throws {
    let path = repository.root.appendingPathComponent(relative).path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(path, 0o644), 0, "mkfifo \(path)")
  }

  /// `verify` with `arguments`, ended by the watchdog if it blocks; it must finish with the gate's
  /// verdict (1: `counter` fails).
  func verifyWithoutBlocking(_ arguments: [String], in repository: TemporaryRepository) throws -> CommandRun {
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), arguments, in: repository.root, deadline: deadline)
    XCTAssertEqual(run.code, 1, "verify must finish with the gate's verdict, not block: " + run.all)
    return run
  }

  func testAFifoAtAReusedReportFileIsReplacedNotOpened() throws {
    let arguments = try demoRunner()
    let repository = try repositoryWithReusedStaging(arguments)
    try plantPipe(".runs/.verify-staging/fixtures/counter.json", in: repository)
    let run = try verifyWithoutBlocking(arguments, in: repository)
    assertContains(
      run.error,
      "duet-verify: .runs/.verify-staging/fixtures/counter.json was a named pipe; duet-verify removed that entry "
        + "(without writing into it) and wrote a fresh file.")
    assertContains(try repository.read(".runs/verify/fixtures/counter.json"), "\"stateDiverged\"")
  }

  func testAFifoAtAReusedLaneReportFileIsReplacedNotOpened() throws {
    let kotlin =
      try BuiltProducts.executable(named: "misbehaving-runner").path
      + " --platform kotlin --fault off-by-one --on decrement"
    let arguments = ["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path, "--runner", kotlin]
    let repository = try repositoryWithReusedStaging(arguments)
    try plantPipe(".runs/.verify-staging/lanes/kotlin/fixtures/counter.json", in: repository)
    let run = try verifyWithoutBlocking(arguments, in: repository)
    assertContains(
      run.error, "duet-verify: .runs/.verify-staging/lanes/kotlin/fixtures/counter.json was a named pipe; ")
    assertContains(try repository.read(".runs/verify/lanes/kotlin/fixtures/counter.json"), "\"stateDiverged\"")
  }

  func testAHardLinkToARecordingInTheStagingFolderIsNeverWrittenThrough() throws {
    let arguments = try demoRunner()
    let repository = try repositoryWithReusedStaging(arguments)
    let staged = repository.root.appendingPathComponent(".runs/.verify-staging/fixtures/counter.json")
    try FileManager.default.removeItem(at: staged)
    try FileManager.default.linkItem(
      at: repository.root.appendingPathComponent("fixtures/counter-endings.keeps-counting.fixture.json"), to: staged)
    let recordings = RecordingsSnapshot(repository.root)
    let run = try verifyWithoutBlocking(arguments, in: repository)
    XCTAssertEqual(RecordingsSnapshot(repository.root), recordings, "a recording was written through a hard link")
    assertContains(
      run.error,
      "duet-verify: .runs/.verify-staging/fixtures/counter.json was a file with 2 links (another name shares its "
        + "contents); duet-verify removed that entry (without writing into it) and wrote a fresh file.")
    let lint = try repository.verify(["lint"])
    XCTAssertEqual(lint.code, 0, lint.all)
  }
}
