import Foundation

extension RunnerPool {
  /// Seconds each request may take, as the launcher's runners are configured.
  package var requestTimeout: Double { launcher.requestTimeout }

  /// Runs every job across the pool's runners with up to `depth` requests in flight per runner,
  /// interleaving different jobs' conversations (see `PipelinedSlot`); outputs come back in job
  /// order.
  ///
  /// `prepare` runs on a slot thread once per job (load the recording, lint it) and either settles
  /// the job or returns its conversation. When no runner can be started at all, the remaining jobs
  /// are still prepared, and conversations are settled by `abandon` with the start error.
  /// Without `keepsOutputs`, outputs only go to `onOutput` (the caller keeps what it needs).
  /// `timeout` (seconds per request) defaults to the launcher's `requestTimeout`.
  package func runPipelined<Job: Sendable, Conversation: RunnerDialogue>(
    _ jobs: [Job],
    depth: Int,
    timeout: Double? = nil,
    byteBudget: Int = 1 << 20,
    keepsOutputs: Bool = true,
    prepare: @escaping @Sendable (Job) -> Prepared<Conversation>,
    abandon: @escaping @Sendable (Conversation, RunnerStartError) -> Conversation.Output,
    onOutput: @escaping @Sendable (Conversation.Output) -> Void = { _ in }
  ) -> PoolRun<Conversation.Output> {
    let outputs = JobOutputs<Conversation.Output>(count: keepsOutputs ? jobs.count : 0)
    let emit: @Sendable (Int, Conversation.Output) -> Void = { index, output in
      outputs.store(index, output)
      onOutput(output)
    }
    let run = runPipelined(
      jobCount: jobs.count, depth: depth, timeout: timeout, byteBudget: byteBudget,
      prepare: { index -> (any PooledDialogue)? in
        switch prepare(jobs[index]) {
        case .done(let output):
          emit(index, output)
          return nil
        case .converse(let conversation):
          return BoxedDialogue(conversation, index: index, emit: emit, abandon: abandon)
        }
      })
    return PoolRun(
      outputs: outputs.inOrder(), startFailures: run.startFailures, runnersStarted: run.runnersStarted,
      slots: run.slots, streamFailures: run.streamFailures)
  }

  /// The engine under `runPipelined(_:…)`: jobs `0..<jobCount`, each turned by `prepare` (on a slot
  /// thread) into a dialogue, or `nil` when it settled without a runner. Dialogues settle their own
  /// outputs, so nothing generic runs per step; the run's `outputs` are empty.
  package func runPipelined(
    jobCount: Int, depth: Int, timeout: Double? = nil, byteBudget: Int = 1 << 20,
    prepare: @escaping @Sendable (Int) -> (any PooledDialogue)?
  ) -> PoolRun<Never> {
    let slots = min(size, max(jobCount, 1))
    let queue = PipelineQueue(jobCount: jobCount, slots: slots)
    let group = DispatchGroup()
    let launcher = self.launcher
    let timeout = timeout ?? launcher.requestTimeout
    for number in 0..<slots {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        var slot = PipelinedSlot(
          queue: queue, launcher: launcher, depth: depth, byteBudget: byteBudget, timeout: timeout, prepare: prepare)
        guard let error = slot.run(), queue.retire(error) else { return }
        // The last slot standing could not start a runner: settle what is left without one.
        while let work = queue.take() {
          switch work {
          case .job(let index): prepare(index)?.abandon(error)
          case .resume(let dialogue): dialogue.abandon(error)
          }
        }
      }
      thread.name = "duet-verify runner slot \(number + 1)"
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    return queue.finish()
  }
}

/// The outputs of a generic run, by job index, behind a lock.
final class JobOutputs<Output>: @unchecked Sendable {
  private let lock = NSLock()
  private var outputs: [Output?]

  init(count: Int) {
    outputs = Array(repeating: nil, count: count)
  }

  func store(_ index: Int, _ output: Output) {
    lock.withLock {
      if index < outputs.count { outputs[index] = output }
    }
  }

  /// Every output stored, in job order.
  func inOrder() -> [Output] { lock.withLock { outputs.compactMap { $0 } } }
}
