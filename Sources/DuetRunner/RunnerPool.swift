import Foundation

/// Runs jobs across a fixed number of runner processes, concurrently, one request in flight per
/// process.
///
/// Each slot is a thread owning one runner at a time: it starts one lazily, hands it job after job,
/// and replaces it whenever a job reports the runner lost (crash, hang, oversized line), so one bad
/// fixture never costs the others. A slot whose runner cannot start retires (it starts its runner
/// before taking a job, so it never holds one back); when every slot has retired, the remaining jobs
/// are reported unavailable with the start error.
/// The pool knows nothing about fixtures: jobs and outputs are the caller's types.
public final class RunnerPool: Sendable {
  /// Starts runners.
  package let launcher: any RunnerLauncher
  /// How many runner processes run at once.
  package let size: Int

  package init(launcher: any RunnerLauncher, size: Int) {
    self.launcher = launcher
    self.size = max(1, size)
  }

  /// Runs every job; outputs come back in job order.
  package func run<Job: Sendable, Output: Sendable>(
    _ jobs: [Job],
    work: @escaping @Sendable (Job, any RunnerConnection) -> (output: Output, runnerLost: Bool),
    unavailable: @escaping @Sendable (Job, RunnerStartError) -> Output,
    onOutput: @escaping @Sendable (Output) -> Void = { _ in }
  ) -> PoolRun<Output> {
    let slots = min(size, jobs.count)
    let state = PoolState<Output>(jobCount: jobs.count, slots: slots)
    let group = DispatchGroup()
    let launcher = self.launcher
    for number in 0..<slots {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        var connection: (any RunnerConnection)?
        // Start a runner before taking a job, so a slot that cannot start never holds one back.
        while state.hasWork() {
          if connection == nil {
            do throws(RunnerStartError) {
              connection = try launcher.launch()
              state.noteStarted()
            } catch {
              let orphans = state.retire(error: error) { unavailable(jobs[$0], $1) }
              orphans.forEach { onOutput($0.1) }
              return
            }
          }
          guard let live = connection, let index = state.next() else { break }
          let outcome = work(jobs[index], live)
          state.complete(index, outcome.output)
          onOutput(outcome.output)
          if outcome.runnerLost {
            live.kill()
            connection = nil
          }
        }
        do throws(RunnerStreamError) {
          try connection?.close()
        } catch {
          state.noteStreamFailure(error)
        }
      }
      thread.name = "duet-verify runner slot \(number + 1)"
      thread.start()
    }
    group.wait()
    return state.finish()
  }
}

/// What a pool run produced.
package struct PoolRun<Output: Sendable>: Sendable {
  /// One output per job, in job order.
  package var outputs: [Output]
  /// Every runner start that failed (one per retired slot).
  package var startFailures: [RunnerStartError]
  /// Runner processes started (restarts included).
  package var runnersStarted: Int
  /// Slots used (`min(size, jobs)`).
  package var slots: Int
  /// Runners whose reply stream was out of step when they were closed (the run cannot be trusted).
  package var streamFailures: [RunnerStreamError] = []
}

/// The pool's shared bookkeeping, behind one lock.
final class PoolState<Output: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var queue: [Int]
  private var outputs: [Int: Output] = [:]
  private var liveSlots: Int
  private var failures: [RunnerStartError] = []
  private var streamFailures: [RunnerStreamError] = []
  private var started = 0
  private let slots: Int
  private let jobCount: Int

  init(jobCount: Int, slots: Int) {
    self.jobCount = jobCount
    self.slots = slots
    queue = Array((0..<jobCount).reversed())
    liveSlots = slots
  }

  func next() -> Int? { lock.withLock { queue.popLast() } }

  func hasWork() -> Bool { lock.withLock { !queue.isEmpty } }

  func noteStarted() { lock.withLock { started += 1 } }

  func noteStreamFailure(_ error: RunnerStreamError) { lock.withLock { streamFailures.append(error) } }

  func complete(_ index: Int, _ output: Output) { lock.withLock { outputs[index] = output } }

  /// A slot could not start a runner and retires; if it was the last slot, the remaining jobs fail.
  func retire(error: RunnerStartError, unavailable: (Int, RunnerStartError) -> Output) -> [(Int, Output)] {
    lock.withLock {
      liveSlots -= 1
      failures.append(error)
      guard liveSlots == 0 else { return [] }
      var drained: [(Int, Output)] = []
      while let orphan = queue.popLast() {
        let output = unavailable(orphan, error)
        outputs[orphan] = output
        drained.append((orphan, output))
      }
      return drained
    }
  }

  func finish() -> PoolRun<Output> {
    lock.withLock {
      PoolRun(
        outputs: (0..<jobCount).compactMap { outputs[$0] }, startFailures: failures, runnersStarted: started,
        slots: slots, streamFailures: streamFailures)
    }
  }
}
