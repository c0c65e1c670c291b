import Foundation

/// The shared bookkeeping of a pipelined pool run, behind one lock: which jobs are left, which
/// conversations came back to start again, the outputs so far, and which slots are still serving.
final class PipelineQueue<Conversation: RunnerDialogue>: @unchecked Sendable {
  typealias Output = Conversation.Output

  /// A unit of work: a job not yet prepared, or a conversation to start again on a fresh runner.
  enum Work {
    case job(Int)
    case resume(Int, Conversation)
  }

  private let lock = NSLock()
  private var nextJob = 0
  private let jobCount: Int
  private var resumed: [(Int, Conversation)] = []
  private var outputs: [Output?]
  private var activeSlots: Int
  private var failures: [RunnerStartError] = []
  private var streamFailures: [RunnerStreamError] = []
  private var started = 0
  let slots: Int

  init(jobCount: Int, slots: Int, keepsOutputs: Bool = true) {
    self.jobCount = jobCount
    self.slots = slots
    outputs = keepsOutputs ? Array(repeating: nil, count: jobCount) : []
    activeSlots = slots
  }

  /// The next work: conversations to resume first (they were interrupted), then jobs in order.
  func take() -> Work? {
    lock.withLock {
      if let (index, conversation) = resumed.popLast() { return .resume(index, conversation) }
      guard nextJob < jobCount else { return nil }
      defer { nextJob += 1 }
      return .job(nextJob)
    }
  }

  func hasWork() -> Bool { lock.withLock { !resumed.isEmpty || nextJob < jobCount } }

  func requeue(_ conversations: [(Int, Conversation)]) {
    guard !conversations.isEmpty else { return }
    lock.withLock { resumed.append(contentsOf: conversations.reversed()) }
  }

  func noteStarted() { lock.withLock { started += 1 } }

  func noteStreamFailure(_ error: RunnerStreamError) { lock.withLock { streamFailures.append(error) } }

  func complete(_ index: Int, _ output: Output) {
    lock.withLock {
      if index < outputs.count { outputs[index] = output }
    }
  }

  /// A slot with nothing left to do stops serving; false (it must stay) when work came back since
  /// it last looked, so requeued conversations are never stranded.
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

  func finish() -> PoolRun<Output> {
    lock.withLock {
      PoolRun(
        outputs: outputs.compactMap { $0 }, startFailures: failures, runnersStarted: started, slots: slots,
        streamFailures: streamFailures)
    }
  }
}
