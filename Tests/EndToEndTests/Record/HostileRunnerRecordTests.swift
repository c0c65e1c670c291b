import Foundation
import XCTest

/// `record` and `record --check` against runners that test the reply stream's edges: one that
/// leaves a child writing to stderr forever, and one whose feature compiles to a reply larger than
/// any `reduce` reply.
final class HostileRunnerRecordTests: XCTestCase {
  var repository: RecordRepository!

  override func tearDown() {
    repository = nil
    super.tearDown()
  }

  func testRecordCheckDoesNotWaitForAChildTheRunnerLeftWritingStderr() throws {
    repository = try RecordRepository()
    let pidFile = repository.root.appendingPathComponent("grandchild.pid")
    let started = DispatchTime.now().uptimeNanoseconds
    let run = try RecordTools.run(
      repository.duetVerify,
      ["record", "--check", "--jobs", "1"]
        + repository.misbehaving(
          "--capabilities record --features counter,lamp,ping,pong --grandchild-stderr '\(pidFile.path)'"),
      in: repository.root, deadline: HostileRunnerEndToEndTests.bound)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let grandchild = HostileRunnerEndToEndTests.pid(in: pidFile)
    defer { if let grandchild, !HostileRunnerEndToEndTests.isGone(grandchild) { kill(grandchild, SIGKILL) } }
    XCTAssertLessThan(seconds, HostileRunnerEndToEndTests.bound, "record --check waited for the runner's child")
    XCTAssertTrue(run.out.hasSuffix("duet-verify record --check: FAIL\n"), run.all)  // canned recordings drift
    let pid = try XCTUnwrap(grandchild, "the runner left no child behind")
    XCTAssertTrue(HostileRunnerEndToEndTests.isGone(pid), "closing the runner must end its whole process group")
  }

  func testAFeatureWhoseScenariosReplyIsLargerThanOneReduceReplyStillRecords() throws {
    repository = try RecordRepository(manifest: "features:\n  counter:\n    fixtures:\n      - counter\n")
    let run = try repository.duet(
      ["record", "--jobs", "1"] + repository.misbehaving("--capabilities record --features counter --scenarios-mib 20"))
    XCTAssertEqual(run.status, 0, String(run.all.prefix(2_000)))
    let size = try FileManager.default.attributesOfItem(atPath: repository.fixture("counter").path)[.size] as? Int
    XCTAssertGreaterThan(size ?? 0, 20 << 20)
  }
}
