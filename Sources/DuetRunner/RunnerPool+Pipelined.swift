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
    let slots = min(size, max(jobs.count, 1))
    let queue = PipelineQueue<Conversation>(jobCount: jobs.count, slots: slots, keepsOutputs: keepsOutputs)
    let emit: @Sendable (Int, Conversation.Output) -> Void = { index, output in
      queue.complete(index, output)
      onOutput(output)
    }
    let group = DispatchGroup()
    let launcher = self.launcher
    let timeout = timeout ?? launcher.requestTimeout
    let shared = SendableBox(jobs)
    for number in 0..<slots {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        let slot = PipelinedSlot<Job, Conversation>(
          jobs: shared.value, queue: queue, launcher: launcher, depth: depth, byteBudget: byteBudget,
          timeout: timeout, prepare: prepare, emit: emit)
        guard let error = slot.run(), queue.retire(error) else { return }
        // The last slot standing could not start a runner: settle what is left without one.
        while let work = queue.take() {
          switch work {
          case .job(let index):
            switch prepare(shared.value[index]) {
            case .done(let output): emit(index, output)
            case .converse(let conversation): emit(index, abandon(conversation, error))
            }
          case .resume(let index, let conversation): emit(index, abandon(conversation, error))
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

/// Hands an immutable value to slot threads.
struct SendableBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) {
    self.value = value
  }
}
