import DuetRunner
import DuetVerify
import Foundation
import XCTest

/// The pool: jobs spread over slots, a lost runner replaced, a runner that cannot start reported.
final class RunnerPoolTests: XCTestCase {
  /// Hands out fake connections; fails the starts listed in `failingStarts` (0-based start count).
  final class FakeLauncher: RunnerLauncher, @unchecked Sendable {
    let lock = NSLock()
    var starts = 0
    let failingStarts: Set<Int>
    /// Signalled once per start attempt.
    let attempted = DispatchSemaphore(value: 0)

    init(failingStarts: Set<Int> = []) {
      self.failingStarts = failingStarts
    }

    func launch() throws(RunnerStartError) -> any RunnerConnection {
      let number = lock.withLock {
        defer { starts += 1 }
        return starts
      }
      defer { attempted.signal() }
      if failingStarts.contains(number) {
        throw RunnerStartError(command: "fake", fault: .exited(.status(1)), stderr: [])
      }
      return FakeConnection()
    }
  }

  /// Holds each caller until `count` callers have arrived (or a generous timeout passes).
  final class Barrier: @unchecked Sendable {
    let lock = NSLock()
    var arrived = 0
    let count: Int
    let open = DispatchSemaphore(value: 0)
    init(count: Int) { self.count = count }
    func arrive() {
      let last = lock.withLock {
        arrived += 1
        return arrived == count
      }
      if last { for _ in 0..<count { open.signal() } }
      _ = open.wait(timeout: .now() + 10)
    }
  }

  func testEveryJobRunsConcurrentlyAndOutputsComeBackInJobOrder() {
    let pool = RunnerPool(launcher: FakeLauncher(), size: 3)
    let barrier = Barrier(count: 3)
    let run = pool.run(
      Array(0..<20),
      work: { job, _ in
        if job < 3 { barrier.arrive() }
        return (job * 10, false)
      }, unavailable: { job, _ in -job })
    XCTAssertEqual(run.outputs, (0..<20).map { $0 * 10 })
    XCTAssertEqual(run.slots, 3)
    XCTAssertEqual(run.runnersStarted, 3)
    XCTAssertTrue(run.startFailures.isEmpty)
  }

  func testSlotsNeverExceedTheJobs() {
    let run = RunnerPool(launcher: FakeLauncher(), size: 8).run(
      [1, 2], work: { job, _ in (job, false) }, unavailable: { job, _ in job })
    XCTAssertEqual(run.slots, 2)
  }

  func testALostRunnerIsReplacedForTheNextJob() {
    let launcher = FakeLauncher()
    let run = RunnerPool(launcher: launcher, size: 1).run(
      [0, 1, 2], work: { job, _ in (job, job == 1) }, unavailable: { job, _ in -1 })
    XCTAssertEqual(run.outputs, [0, 1, 2])
    XCTAssertEqual(run.runnersStarted, 2)
  }

  func testWhenNoRunnerCanStartEveryJobIsReportedUnavailable() {
    let run = RunnerPool(launcher: FakeLauncher(failingStarts: [0, 1]), size: 2).run(
      [0, 1, 2, 3], work: { job, _ in (job, false) }, unavailable: { job, _ in -job - 100 })
    XCTAssertEqual(run.outputs, [-100, -101, -102, -103])
    XCTAssertEqual(run.startFailures.count, 2)
    XCTAssertEqual(
      run.startFailures.first?.description,
      "could not start the runner fake: runner exited (status 1) before its handshake.")
  }

  func testASlotThatCannotStartLeavesItsJobsToTheOthers() {
    let launcher = FakeLauncher(failingStarts: [1])
    let run = RunnerPool(launcher: launcher, size: 2).run(
      Array(0..<6),
      work: { job, _ in
        if job == 0 {  // both slots have tried to start before the first job finishes
          for _ in 0..<2 { _ = launcher.attempted.wait(timeout: .now() + 10) }
        }
        return (job, false)
      }, unavailable: { job, _ in -1 })
    XCTAssertEqual(run.outputs, Array(0..<6))
    XCTAssertEqual(run.startFailures.count, 1)
  }

  func testEveryOutputIsAnnouncedOnce() {
    let seen = LockedList()
    _ = RunnerPool(launcher: FakeLauncher(), size: 2).run(
      Array(0..<10), work: { job, _ in (job, false) }, unavailable: { job, _ in job }, onOutput: { seen.append($0) })
    XCTAssertEqual(seen.values.sorted(), Array(0..<10))
  }

  final class LockedList: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int] = []
    func append(_ value: Int) { lock.withLock { values.append(value) } }
  }
}
