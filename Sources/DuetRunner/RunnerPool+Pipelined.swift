import Dispatch
import DuetCore
import DuetPlatform

extension RunnerPool {
  /// Seconds each request may take, as the launcher's runners are configured.
  package var requestTimeout: Double { launcher.requestTimeout }

  /// Runs jobs `0..<jobCount` across the pool's runners with up to `depth` requests in flight per
  /// runner, interleaving different jobs' requests (see `PipelinedSlot`).
  ///
  /// `prepare` runs on a slot thread once per job (load the recording, lint it) and either settles
  /// the job itself (`nil`) or returns it to run. Jobs settle their own outputs. When no runner can
  /// be started at all, the remaining jobs are still prepared, and each is settled by its
  /// `abandon` with the start error. `timeout` (seconds per request) defaults to the launcher's
  /// `requestTimeout`. `byteBudget` bounds the state and action bytes in flight per runner: by
  /// default a pipe's usual capacity, so a batch of requests goes out in one `write(2)` that never
  /// waits for the runner, and a deep window holds many small recordings but only a few dozen
  /// large ones (their memory, not their count, is what the verifier's RSS pays for).
  package func runPipelined(
    jobCount: Int, depth: Int, timeout: Double? = nil, byteBudget: Int = 1 << 16,
    prepare: @escaping @Sendable (Int) -> (any RunnerJob)?
  ) -> PoolRun {
    let slots = min(size, max(jobCount, 1))
    let queue = PipelineQueue(jobCount: jobCount, slots: slots)
    let group = DispatchGroup()
    let launcher = self.launcher
    let timeout = timeout ?? launcher.requestTimeout
    for number in 0..<slots {
      group.enter()
      SystemThread.start(name: "runner slot \(number + 1)", stackSize: 8 << 20) {
        defer { group.leave() }
        var slot = PipelinedSlot(
          queue: queue, launcher: launcher, depth: depth, byteBudget: byteBudget, timeout: timeout, prepare: prepare)
        guard let error = slot.run(), queue.retire(error) else { return }
        // The last slot standing could not start a runner: settle what is left without one.
        while let work = queue.take() {
          switch work {
          case .job(let index): prepare(index)?.abandon(error)
          case .resume(let job): job.abandon(error)
          }
        }
      }
    }
    group.wait()
    return queue.finish()
  }

  /// Runs one job to its end on `connection`, one request at a time, on the calling thread: the
  /// same calls a slot makes (`open`, `take` of each reply line, `fail`), for `explain` and the
  /// tests. Returns the fault that lost the runner (crash, hang, oversized line), after the job
  /// settled with it; `nil` when the connection is still in step. The connection is left open.
  @discardableResult
  package static func run(
    _ job: any RunnerJob, on connection: any RunnerConnection, timeout: Double = RunnerLimits.defaultTimeout
  ) -> RunnerFault? {
    let live = PipelinedSlot.pipelined(connection)
    var next = job.open(handshake: live.handshake)
    while let request = next {
      let reply: [UInt8]
      do {
        let deadline = Deadline(after: timeout)
        switch request {
        case .reduce(let feature, let state, let action):
          _ = try live.send(feature: feature, state: state, action: action)
          try live.flush()
          reply = try live.receiveReduce(deadline: deadline)
        case .op(let line):
          _ = try live.send(op: line)
          try live.flush()
          reply = try live.receiveOpReply(deadline: deadline)
        }
      } catch {
        job.fail(error, stderr: live.stderrTail())
        return error.losesRunner ? error : nil
      }
      do {
        next = try job.take(reply)
      } catch {
        job.fail(error, stderr: live.stderrTail())
        return nil
      }
    }
    return nil
  }
}
