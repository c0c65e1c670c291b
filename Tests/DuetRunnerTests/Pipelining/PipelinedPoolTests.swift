import Foundation
import XCTest

@testable import DuetRunner

/// The pipelined pool: several jobs' requests in flight on one runner, replies paired with the
/// oldest request, and a lost runner costing only the request it owed.
final class PipelinedPoolTests: XCTestCase {
  func run(
    jobs: Int, steps: Int = 3, depth: Int = 3, slots: Int = 1, launcher: ScriptedLauncher,
    prepare: (@Sendable (Int, JobOutputs<String>) -> (any RunnerJob)?)? = nil
  ) -> CollectedRun {
    RunnerPool(launcher: launcher, size: slots).collect(
      jobs: jobs, depth: depth, prepare: prepare ?? { EchoJob(job: $0, steps: steps, outputs: $1) })
  }

  /// The outputs of `jobs` when every job passes but those in `failed` (job: its output).
  func ok(_ jobs: Range<Int>, but failed: [Int: String] = [:]) -> [String] { jobs.map { failed[$0] ?? "\($0): ok" } }

  func testSeveralJobsHaveRequestsInFlightOnOneRunner() {
    let launcher = ScriptedLauncher()
    let outcome = run(jobs: 6, depth: 3, launcher: launcher)
    XCTAssertEqual(outcome.outputs, ok(0..<6))
    XCTAssertEqual(launcher.runners.first?.mostInFlight, 3)
    XCTAssertEqual(outcome.runnersStarted, 1)
  }

  func testADeepWindowOfLargeRequestsStopsAtThePipeSizedByteBudget() {
    // 10 KB requests: the default budget (64 KiB in flight) admits 7, however deep the window.
    let launcher = ScriptedLauncher()
    let outcome = run(jobs: 40, depth: 128, launcher: launcher) {
      EchoJob(job: $0, steps: 3, outputs: $1, padding: 10_000)
    }
    XCTAssertEqual(outcome.outputs, ok(0..<40))
    XCTAssertEqual(launcher.runners.first?.mostInFlight, 7)
  }

  func testDepthOneKeepsASingleRequestInFlight() {
    let launcher = ScriptedLauncher()
    XCTAssertEqual(run(jobs: 4, depth: 1, launcher: launcher).outputs, ok(0..<4))
    XCTAssertEqual(launcher.runners.first?.mostInFlight, 1)
  }

  func testEveryReplyReachesTheJobThatAskedAndOutputsComeBackInJobOrder() {
    let outcome = run(jobs: 20, steps: 5, depth: 4, slots: 2, launcher: ScriptedLauncher())
    XCTAssertEqual(outcome.outputs, ok(0..<20))
  }

  func testACrashFailsOnlyTheRequestTheRunnerOwedAndTheRestStartAgainOnAFreshRunner() {
    let outcome = run(jobs: 6, launcher: .failing("j2s1", with: .exited(.signal(9))))
    XCTAssertEqual(outcome.outputs, ok(0..<6, but: [2: "2: runner exited (signal 9) at step 1"]))
    XCTAssertEqual(outcome.runnersStarted, 2)
  }

  func testAnswersThatMadeItOutBeforeALossAreNotBlamedForIt() {
    // The runner dies while j0s0 is the oldest request, but j0s0's answer was already written: the
    // next request it owed (j1s0) takes the blame.
    let launcher = ScriptedLauncher(bufferedOnLoss: ["j0s0": [.answer(state: "j0s0", effects: "[]")]]) {
      start, action in
      start == 0 && action == "j0s0" ? .failure(.exited(.signal(9))) : .success(.answer(state: action, effects: "[]"))
    }
    let outcome = run(jobs: 4, launcher: launcher)
    XCTAssertEqual(outcome.outputs, ok(0..<4, but: [1: "1: runner exited (signal 9) at step 0"]))
  }

  func testAGarbageAnswerFailsItsRequestAndKeepsTheRunner() {
    let launcher = ScriptedLauncher.failing("j1s1", with: .notJSONObject(reason: .otherKind("an array"), preview: "[]"))
    let outcome = run(jobs: 4, launcher: launcher)
    XCTAssertEqual(
      outcome.outputs,
      ok(0..<4, but: [1: "1: runner sent a line that is not a JSON object (it is an array): [] at step 1"]))
    XCTAssertEqual(outcome.runnersStarted, 1)
  }

  func testJobsThatNeedNoRunnerAreSettledWithoutOne() {
    let outcome = run(
      jobs: 5, launcher: ScriptedLauncher(),
      prepare: { job, outputs in
        guard job % 2 == 0 else {
          outputs.store(job, "\(job): lint only")
          return nil
        }
        return EchoJob(job: job, steps: 2, outputs: outputs)
      })
    XCTAssertEqual(outcome.outputs, ["0: ok", "1: lint only", "2: ok", "3: lint only", "4: ok"])
  }

  func testWhenNoRunnerCanStartEveryJobIsStillPreparedThenAbandoned() {
    let prepared = Counter()
    let outcome = run(
      jobs: 4, slots: 2, launcher: ScriptedLauncher(failingStarts: [0, 1]),
      prepare: { job, outputs in
        prepared.increment()
        guard job != 3 else {
          outputs.store(job, "3: unreadable")
          return nil
        }
        return EchoJob(job: job, steps: 1, outputs: outputs)
      })
    XCTAssertEqual(outcome.outputs, ["0: abandoned", "1: abandoned", "2: abandoned", "3: unreadable"])
    XCTAssertEqual(prepared.value, 4)
    XCTAssertEqual(outcome.startFailures.count, 2)
  }

  func testNoJobIsLostWhenTheRunnerThatCrashedCannotBeReplaced() {
    // One slot's runner crashes and its replacement cannot start; whichever slot is left settles
    // the interrupted jobs, with a runner or without one, but every job has exactly one output.
    let launcher = ScriptedLauncher.failing("j0s1", with: .exited(.status(3)), failingStarts: [2])
    let outcome = run(jobs: 12, steps: 3, depth: 3, slots: 2, launcher: launcher)
    XCTAssertEqual(outcome.outputs.count, 12)
    XCTAssertEqual(outcome.outputs[0], "0: runner exited (status 3) at step 1")
    for (job, output) in outcome.outputs.enumerated().dropFirst() {
      XCTAssertTrue(output == "\(job): ok" || output == "\(job): abandoned", output)
    }
  }

  func testAnOpRequestGetsItsReplyLineBackOnTheSameEngine() {
    let launcher = ScriptedLauncher()
    let outcome = RunnerPool(launcher: launcher, size: 1).collect(jobs: 3, depth: 2, timeout: nil) {
      OpJob(job: $0, outputs: $1)
    }
    XCTAssertEqual(outcome.outputs, ["0: ask 0", "1: ask 1", "2: ask 2"])
    XCTAssertEqual(outcome.runnersStarted, 1)
  }

  func testAnOpReplyThatIsNotItsShapeFailsItsJobAndKeepsTheRunner() {
    let launcher = ScriptedLauncher { _, action in
      .success(.answer(state: action == "ask 1\n" ? "garbage" : action, effects: "[]"))
    }
    let outcome = RunnerPool(launcher: launcher, size: 1).collect(jobs: 3, depth: 1, timeout: nil) {
      OpJob(job: $0, outputs: $1)
    }
    XCTAssertEqual(
      outcome.outputs, ["0: ask 0", "1: runner's response has no 'ask' string: garbage", "2: ask 2"])
    XCTAssertEqual(outcome.runnersStarted, 1)
  }

  /// Asks one op (`ask <job>`) and expects its line echoed back.
  final class OpJob: RunnerJob {
    let job: Int
    let outputs: JobOutputs<String>

    init(job: Int, outputs: JobOutputs<String>) {
      self.job = job
      self.outputs = outputs
    }

    func open(handshake: RunnerHandshake) -> RunnerRequest? { .op(Array("ask \(job)\n".utf8)) }

    func take(_ line: [UInt8]) throws(RunnerFault) -> RunnerRequest? {
      guard line.starts(with: Array("ask ".utf8)) else {
        throw .missingField("ask", preview: RunnerFault.preview(line))
      }
      outputs.store(job, "\(job): \(String(decoding: line.dropLast(), as: UTF8.self))")
      return nil
    }

    func fail(_ fault: RunnerFault, stderr: [String]) { outputs.store(job, "\(job): \(fault)") }
    func abandon(_ error: RunnerStartError) { outputs.store(job, "abandoned") }
  }

  final class Counter: @unchecked Sendable {
    let lock = NSLock()
    var value = 0
    func increment() { lock.withLock { value += 1 } }
  }
}
