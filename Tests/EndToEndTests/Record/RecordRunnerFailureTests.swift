import TestSupport
import XCTest

/// A runner that crashes, hangs, or cannot record: `record` writes nothing and says why.
final class RecordRunnerFailureTests: RecordedTestCase {
  func testARunnerKilledMidRecordLeavesTheFolderByteIdenticalWithoutTemporaryFiles() throws {
    // Counter compiles first (to a recording unlike the demo's), then the runner kills itself on lamp.
    let run = try repository.duetOnMisbehavingRecorder(["record"], fault: "--fault crash --on lamp")
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "✗ feature 'lamp': runner exited (signal 9")
    assertContains(run.out, "nothing was written and the fixtures folder is unchanged")
    XCTAssertEqual(repository.snapshot(), recorded, "byte-identical, and no temporary file left behind")
  }

  func testARunnerKilledMidCheckStagesNothing() throws {
    let run = try repository.duetOnMisbehavingRecorder(["record", "--check"], fault: "--fault crash --on lamp")
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: FAIL\n"), run.out)
    XCTAssertEqual(repository.snapshot(), recorded)
    XCTAssertTrue(repository.snapshot(repository.review).isEmpty)
  }

  func testARunnerThatHangsTimesOutAndWritesNothing() throws {
    let run = try repository.duetOnMisbehavingRecorder(["record", "--timeout", "0.5"], fault: "--fault hang --on lamp")
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "✗ feature 'lamp': runner did not answer within 0.5s")
    XCTAssertEqual(repository.snapshot(), recorded)
  }

  func testARunnerWithoutTheRecordCapabilityIsToldVerifyStillWorks() throws {
    let run = try repository.duet(["record"] + repository.misbehaving("--features counter,lamp"))
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(
      run.out, "this runner cannot record: it does not advertise the record capability; verify still works with it")
    XCTAssertEqual(repository.snapshot(), recorded)
  }

  func testARunnerAnsweringUnknownOpCannotRecord() throws {
    let run = try repository.duet(
      ["record"] + repository.misbehaving("--capabilities record --features counter,lamp --fault unknown-op"))
    XCTAssertEqual(run.code, 1, run.all)
    assertContains(run.out, "this runner cannot record: it answered the scenarios op with 'unknown op 'scenarios''")
    XCTAssertEqual(repository.snapshot(), recorded)
  }
}
