import Foundation
import XCTest

@testable import DuetRunner

/// The pool: jobs spread over slots, a lost runner replaced, a runner that cannot start reported.
final class RunnerPoolTests: XCTestCase {
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

  /// Every job one request at a time; `prepare` runs first on the slot's thread.
  func run(
    _ jobs: Int, size: Int, launcher: ScriptedLauncher, prepare: @escaping @Sendable (Int) -> Void = { _ in },
    onOutput: @escaping @Sendable (String) -> Void = { _ in }
  ) -> CollectedRun {
    RunnerPool(launcher: launcher, size: size).collect(jobs: jobs, depth: 1) { job, outputs in
      prepare(job)
      return EchoJob(job: job, steps: 1, outputs: outputs, onOutput: onOutput)
    }
  }

  func ok(_ jobs: Range<Int>) -> [String] { jobs.map { "\($0): ok" } }

  func testEveryJobRunsConcurrentlyAndOutputsComeBackInJobOrder() {
    let barrier = Barrier(count: 3)
    let run = run(20, size: 3, launcher: ScriptedLauncher()) { job in if job < 3 { barrier.arrive() } }
    XCTAssertEqual(run.outputs, ok(0..<20))
    XCTAssertEqual(run.slots, 3)
    XCTAssertEqual(run.runnersStarted, 3)
    XCTAssertTrue(run.startFailures.isEmpty)
  }

  func testSlotsNeverExceedTheJobs() {
    XCTAssertEqual(run(2, size: 8, launcher: ScriptedLauncher()).slots, 2)
  }

  func testALostRunnerIsReplacedForTheNextJob() {
    let launcher = ScriptedLauncher { _, action in
      action == "j1s0" ? .failure(.exited(.signal(9))) : .success(.answer(state: action, effects: "[]"))
    }
    let run = run(3, size: 1, launcher: launcher)
    XCTAssertEqual(run.outputs, ["0: ok", "1: runner exited (signal 9) at step 0", "2: ok"])
    XCTAssertEqual(run.runnersStarted, 2)
  }

  func testWhenNoRunnerCanStartEveryJobIsReportedUnavailable() {
    let run = run(4, size: 2, launcher: ScriptedLauncher(failingStarts: [0, 1]))
    XCTAssertEqual(run.outputs, (0..<4).map { "\($0): abandoned" })
    XCTAssertEqual(run.startFailures.count, 2)
    XCTAssertEqual(
      run.startFailures.first?.description,
      "could not start the runner scripted: runner exited (status 1) before its handshake.")
  }

  func testASlotThatCannotStartLeavesItsJobsToTheOthers() {
    let launcher = ScriptedLauncher(failingStarts: [1])
    let run = run(6, size: 2, launcher: launcher) { job in
      if job == 0 {  // both slots have tried to start before the first job is prepared
        for _ in 0..<2 { _ = launcher.attempted.wait(timeout: .now() + 10) }
      }
    }
    XCTAssertEqual(run.outputs, ok(0..<6))
    XCTAssertEqual(run.startFailures.count, 1)
  }

  func testEveryOutputIsAnnouncedOnce() {
    let seen = LockedList()
    _ = run(10, size: 2, launcher: ScriptedLauncher(), onOutput: { seen.append($0) })
    XCTAssertEqual(seen.values.sorted(), ok(0..<10).sorted())
  }

  func testRunDrivesOneJobToItsEndOnOneConnectionAndLeavesItOpen() {
    let runner = ScriptedRunner { action in .success(.answer(state: action, effects: "[]")) }
    let outputs = JobOutputs<String>(count: 1)
    XCTAssertNil(RunnerPool.run(EchoJob(job: 0, steps: 3, outputs: outputs), on: runner, timeout: 5))
    XCTAssertEqual(outputs.inOrder(), ["0: ok"])
    XCTAssertFalse(runner.closed)
  }

  func testRunReturnsTheFaultThatLostTheRunnerAfterTheJobSettledWithIt() {
    let runner = ScriptedRunner { action in
      action == "j0s1" ? .failure(.exited(.signal(9))) : .success(.answer(state: action, effects: "[]"))
    }
    let outputs = JobOutputs<String>(count: 1)
    XCTAssertEqual(
      RunnerPool.run(EchoJob(job: 0, steps: 3, outputs: outputs), on: runner, timeout: 5), .exited(.signal(9)))
    XCTAssertEqual(outputs.inOrder(), ["0: runner exited (signal 9) at step 1"])
  }

  func testRunKeepsTheRunnerWhenAReplyIsNotItsOpsShape() {
    let runner = ScriptedRunner { _ in .failure(.notJSONObject(reason: .otherKind("an array"), preview: "[]")) }
    let outputs = JobOutputs<String>(count: 1)
    XCTAssertNil(RunnerPool.run(EchoJob(job: 0, steps: 1, outputs: outputs), on: runner, timeout: 5))
    XCTAssertEqual(outputs.inOrder().count, 1)
    XCTAssertFalse(runner.closed)
  }

  final class LockedList: @unchecked Sendable {
    let lock = NSLock()
    var values: [String] = []
    func append(_ value: String) { lock.withLock { values.append(value) } }
  }
}
