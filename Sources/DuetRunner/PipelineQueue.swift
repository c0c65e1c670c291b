import DuetCore
import DuetPlatform

/// The shared bookkeeping of a pipelined pool run, behind one lock: which jobs are left, which
/// came back to start again, and which slots are still serving. Outputs are the jobs' own
/// business (`RunnerJob`).
final class PipelineQueue: @unchecked Sendable {
  /// A unit of work: a job not yet prepared, or one to start again on a fresh runner.
  enum Work {
    case job(Int)
    case resume(any RunnerJob)
  }

  private let lock = SystemLock()
  private var nextJob = 0
  private let jobCount: Int
  private var resumed: [any RunnerJob] = []
  private var activeSlots: Int
  private var failures: [RunnerStartError] = []
  private var streamFailures: [RunnerStreamError] = []
  private var started = 0
  let slots: Int

  init(jobCount: Int, slots: Int) {
    self.jobCount = jobCount
    self.slots = slots
    activeSlots = slots
  }

  /// The next work: jobs to resume first (they were interrupted), then new jobs in order.
  func take() -> Work? {
    lock.withLock {
      if let job = resumed.popLast() { return .resume(job) }
      guard nextJob < jobCount else { return nil }
      defer { nextJob += 1 }
      return .job(nextJob)
    }
  }

  func hasWork() -> Bool { lock.withLock { !resumed.isEmpty || nextJob < jobCount } }

  func requeue(_ jobs: [any RunnerJob]) {
    guard !jobs.isEmpty else { return }
    lock.withLock { resumed.append(contentsOf: jobs.reversed()) }
  }

  func noteStarted() { lock.withLock { started += 1 } }

  func noteStreamFailure(_ error: RunnerStreamError) { lock.withLock { streamFailures.append(error) } }

  /// A slot with nothing left to do stops serving; false (it must stay) when work came back since
  /// it last looked, so requeued jobs are never stranded.
  func leave() -> Bool {
    lock.withLock {
      guard resumed.isEmpty, nextJob >= jobCount else { return false }
      activeSlots -= 1
      return true
    }
  }

  /// A slot could not start a runner and retires; true when it was the last one serving, and
  /// must therefore settle the remaining work without a runner.
  func retire(_ error: RunnerStartError) -> Bool {
    lock.withLock {
      activeSlots -= 1
      failures.append(error)
      return activeSlots == 0
    }
  }

  /// The run's figures (its outputs went to the jobs' sinks).
  func finish() -> PoolRun {
    lock.withLock {
      PoolRun(startFailures: failures, runnersStarted: started, slots: slots, streamFailures: streamFailures)
    }
  }
}
