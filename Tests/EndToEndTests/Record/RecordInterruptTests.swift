import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nothing lost: SIGINT or SIGTERM while `record` compiles, or a runner crash during `record --check`,
/// leaves the whole repository byte-identical (no temporary file anywhere), stops the runners, and
/// says so.
final class RecordInterruptTests: InterruptTestCase {
  /// The whole repository after `record`, before the interrupted run.
  var before: [String: Data] = [:]

  override func setUpWithError() throws {
    try super.setUpWithError()
    before = repository.tree()
  }

  /// Counter compiles, then the runner hangs on lamp and announces it: the signal lands mid-compilation.
  func interrupt(_ verb: [String], with signal: Int32) throws -> InterruptedRecord {
    let arguments =
      verb + ["--jobs", "1", "--timeout", "30"]
      + (try repository.misbehaving(
        "--capabilities record --features counter,lamp --fault hang --on lamp --announce ANNOUNCE"))
    return try InterruptedRecord.start(arguments, in: repository, scratch: scratch, signal: signal)
  }

  func assertStoppedCleanly(
    _ result: InterruptedRecord, signal: String, status: Int32, verb: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertNotEqual(result.runner, 0, "the runner never announced its hang", file: file, line: line)
    XCTAssertTrue(result.exited, "the verifier was killed by the signal instead of handling it", file: file, line: line)
    XCTAssertEqual(result.run.code, status, result.run.all, file: file, line: line)
    XCTAssertEqual(
      result.run.error,
      "duet-verify \(verb): interrupted (\(signal)) before writing anything: the runners were stopped and the "
        + "fixtures folder is unchanged.\n", file: file, line: line)
    XCTAssertEqual(result.run.out, "", "no refusal or verdict of the stopped run", file: file, line: line)
    XCTAssertEqual(repository.tree(), before, "the repository is byte-identical", file: file, line: line)
    XCTAssertFalse(result.runnerOutlived, "the hung runner outlived the verifier", file: file, line: line)
  }

  func testSIGINTDuringRecordStopsTheRunnersAndWritesNothing() throws {
    assertStoppedCleanly(try interrupt(["record"], with: SIGINT), signal: "SIGINT", status: 130, verb: "record")
  }

  func testSIGTERMDuringRecordStopsTheRunnersAndWritesNothing() throws {
    assertStoppedCleanly(try interrupt(["record"], with: SIGTERM), signal: "SIGTERM", status: 143, verb: "record")
  }

  func testSIGINTDuringRecordCheckStagesNothing() throws {
    assertStoppedCleanly(
      try interrupt(["record", "--check"], with: SIGINT), signal: "SIGINT", status: 130, verb: "record --check")
  }

  func testARunnerCrashDuringRecordCheckLeavesTheWholeRepositoryByteIdentical() throws {
    let run = try repository.duetOnMisbehavingRecorder(["record", "--check"], fault: "--fault crash --on lamp")
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "✗ feature 'lamp': runner exited (signal 9")
    XCTAssertEqual(repository.tree(), before)
  }

  func testRecordRefusesAFixturesFolderThatLeadsOutsideTheRepository() throws {
    let elsewhere = scratch.appendingPathComponent("elsewhere", isDirectory: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.removeItem(at: repository.fixtures)
    try FileManager.default.createSymbolicLink(at: repository.fixtures, withDestinationURL: elsewhere)
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(
      run.error,
      "duet-verify record: fixtures/ is a link leading outside the repository (to \(elsewhere.path)); nothing was "
        + "recorded. Make it a real folder inside the repository.\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
  }
}
