import Foundation
import XCTest

@testable import DuetRunner

/// Requests gather on the connection and go out together, just before the slot waits for a reply it
/// has not read yet; a runner lost while a batch is written costs only the request it owed.
final class BatchedWritePoolTests: XCTestCase {
  func run(jobs: Int, steps: Int = 3, depth: Int, launcher: BatchingLauncher) -> CollectedRun {
    RunnerPool(launcher: launcher, size: 1).collect(jobs: jobs, depth: depth) {
      EchoJob(job: $0, steps: steps, outputs: $1)
    }
  }

  func testQueuedRequestsAreWrittenTogetherBeforeTheSlotWaitsForAReply() {
    let launcher = BatchingLauncher()
    let outcome = run(jobs: 16, depth: 8, launcher: launcher)
    XCTAssertEqual(outcome.outputs, (0..<16).map { "\($0): ok" })
    let batches = launcher.runners.flatMap(\.batches)
    XCTAssertEqual(batches.reduce(0, +), 16 * 3, "every request written exactly once")
    XCTAssertGreaterThan(batches.max() ?? 0, 1, "requests queued while replies were read go out together")
    XCTAssertLessThan(batches.count, 16 * 3)
  }

  func testARunnerLostWhileABatchIsWrittenFailsOnlyTheRequestItOwed() {
    // The first runner's input breaks on the batch that holds j3s1: the oldest request it had not
    // answered is blamed, and every other job starts again on a fresh runner.
    let launcher = BatchingLauncher(breaksOn: "j3s1")
    let outcome = run(jobs: 6, depth: 4, launcher: launcher)
    XCTAssertEqual(outcome.runnersStarted, 2)
    let failed = outcome.outputs.filter { !$0.hasSuffix(": ok") }
    XCTAssertEqual(failed.count, 1, "\(outcome.outputs)")
    XCTAssertTrue(failed.first?.contains("stopped reading") ?? false, "\(failed)")
  }
}

/// A runner that answers instantly but only what was written: `send` queues, `flush` writes the
/// queue (recording the batch), and replies to written requests count as already read. A reply
/// asked for a request still queued times out, as a real runner that never got it would.
final class BatchingRunner: TextRequestConnection, @unchecked Sendable {
  let handshake = RunnerHandshake(features: ["job"])
  let breaksOn: String?
  private var queued: [String] = []
  private var written: [String] = []
  private(set) var batches: [Int] = []
  private var broken = false

  init(breaksOn: String?) {
    self.breaksOn = breaksOn
  }

  /// Queued, never written at once (false): `flush` writes.
  func queue(_ action: String) throws(RunnerFault) -> Bool {
    if broken { throw .closedInput }
    queued.append(action)
    return false
  }

  func flush() throws(RunnerFault) {
    if broken || (breaksOn.map(queued.contains) ?? false) {
      broken = true
      queued = []
      throw .closedInput
    }
    if !queued.isEmpty { batches.append(queued.count) }
    written += queued
    queued = []
  }

  func hasBufferedLine() -> Bool { !written.isEmpty }

  /// The oldest written request's text.
  private func answered() throws(RunnerFault) -> String {
    guard !broken, !written.isEmpty else { throw .timedOut(seconds: 5) }
    return written.removeFirst()
  }

  func receiveReduce(deadline: Deadline) throws(RunnerFault) -> [UInt8] {
    ReduceReply.answer(state: try answered(), effects: "[]").line
  }

  func receiveOpReply(deadline: Deadline) throws(RunnerFault) -> [UInt8] { Array(try answered().utf8) }

  func bufferedReply() -> Result<[UInt8], RunnerFault>? { nil }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    _ = try send(feature: feature, state: state, action: action)
    try flush()
    return try receiveReduce(deadline: Deadline(after: 5))
  }

  func stderrTail() -> [String] { [] }
  func close() {}
  func kill() { broken = true }
}

/// Starts batching runners; only the first one breaks.
final class BatchingLauncher: RunnerLauncher, @unchecked Sendable {
  let lock = NSLock()
  let breaksOn: String?
  private(set) var runners: [BatchingRunner] = []

  init(breaksOn: String? = nil) {
    self.breaksOn = breaksOn
  }

  func launch() throws(RunnerStartError) -> any RunnerConnection {
    lock.withLock {
      let runner = BatchingRunner(breaksOn: runners.isEmpty ? breaksOn : nil)
      runners.append(runner)
      return runner
    }
  }
}
