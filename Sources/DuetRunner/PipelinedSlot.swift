import DuetPlatform

/// One runner slot of a pipelined pool run: a thread owning one runner at a time and keeping up
/// to `depth` jobs' requests in flight on it, so the runner never waits for the verifier.
///
/// The protocol answers strictly in order, so the window is a first-in-first-out list: each reply
/// belongs to the oldest entry, whose deadline starts when it was sent or when the reply before it
/// arrived, whichever is later (every request gets the full `--timeout` of the runner's time).
/// When the runner is lost, replies it completed before going are still delivered; the fault is
/// blamed on the oldest request left unanswered (the one the runner was working on) and every
/// other job in the window starts again from scratch on a fresh runner, so a crash fails one
/// fixture only.
///
/// Requests are queued on the connection and written together just before the slot waits for a
/// reply it has not read yet, so a runner faster than the verifier gets its requests in batches of
/// up to `depth` (one `write(2)` each, and one `read(2)` on its side) instead of one at a time.
///
/// The slot is not generic: it drives `RunnerJob` objects, which settle their own outputs, so a
/// step asks the runtime for no generic metadata (see `RunnerJob`). It is a value, run from
/// its thread's stack, so its state is checked for exclusive access at compile time rather than on
/// every touch of a class property (docs/performance.md); not copyable, as its window owns the
/// entries in flight.
struct PipelinedSlot: ~Copyable {
  let queue: PipelineQueue
  let launcher: any RunnerLauncher
  let depth: Int
  let byteBudget: Int
  let timeout: Double
  /// `timeout` in nanoseconds, worked out once rather than per reply.
  private let timeoutSpan: UInt64
  let prepare: (Int) -> (any RunnerJob)?
  private var connection: (any PipelinedConnection)?
  private var window: InFlightWindow
  private var windowBytes = 0
  private var lastReplyAt: UInt64 = 0
  /// How many of the window's newest requests are queued on the connection, not yet written.
  private var unwritten = 0

  init(
    queue: PipelineQueue, launcher: any RunnerLauncher, depth: Int, byteBudget: Int, timeout: Double,
    prepare: @escaping (Int) -> (any RunnerJob)?
  ) {
    self.queue = queue
    self.launcher = launcher
    self.depth = max(1, depth)
    self.byteBudget = byteBudget
    self.timeout = timeout
    timeoutSpan = Deadline.span(timeout)
    self.prepare = prepare
    window = InFlightWindow(capacity: self.depth)
  }

  /// Serves until no work is left, or retires when its runner cannot start.
  /// Returns the start error when this slot retired.
  mutating func run() -> RunnerStartError? {
    while true {
      if connection == nil {
        guard queue.hasWork() else {
          if queue.leave() { return nil }
          continue
        }
        do throws(RunnerStartError) {
          connection = Self.pipelined(try launcher.launch())
          queue.noteStarted()
        } catch {
          return error
        }
      }
      fill()
      if window.isEmpty {
        if queue.hasWork() { continue }
        guard queue.leave() else { continue }
        do throws(RunnerStreamError) {
          try connection?.close()
        } catch {
          queue.noteStreamFailure(error)
        }
        connection = nil
        return nil
      }
      receiveHead()
    }
  }

  static func pipelined(_ connection: any RunnerConnection) -> any PipelinedConnection {
    (connection as? any PipelinedConnection) ?? OneAtATimeConnection(connection)
  }

  /// Takes work until the window is full, sending each job's first request. With requests
  /// in flight it prepares only a couple of jobs before reading again, so lint-only work (another
  /// shard's recordings) never leaves the runner idle for long.
  private mutating func fill() {
    var prepared = 0
    while let live = connection, !window.isFull, window.isEmpty || windowBytes < byteBudget,
      window.isEmpty || prepared < 2
    {
      guard let work = queue.take() else { return }
      prepared += 1
      let job: any RunnerJob
      switch work {
      case .job(let index):
        guard let ready = prepare(index) else { continue }
        job = ready
      case .resume(let paused):
        job = paused
      }
      proceed(job, with: live, job.open(handshake: live.handshake))
    }
  }

  /// Sends `job`'s next request, if it has one (else it has settled).
  private mutating func proceed(
    _ job: consuming any RunnerJob, with live: any PipelinedConnection, _ next: consuming RunnerRequest?
  ) {
    // Consumed, not copied: a copy of the request retained and released each of its texts.
    guard let request = consume next else { return }
    // Whether the connection wrote its queue on its own (it grew large).
    let wrote: Bool
    let bytes: Int
    let asksOp: Bool
    do {
      switch consume request {
      case .reduce(let feature, let state, let action):
        wrote = try live.send(feature: feature, state: state, action: action)
        (bytes, asksOp) = (state.count + action.count, false)
      case .op(let line):
        wrote = try live.send(op: line)
        (bytes, asksOp) = (line.count, true)
      }
    } catch {
      if error.losesRunner {
        lose(error, sending: job)
      } else {
        // Nothing was written (a request that would not be one line): the runner stays in step.
        job.fail(error, stderr: live.stderrTail())
      }
      return
    }
    windowBytes += bytes
    // The job moves into the window (its last use here), and its clock starts when it is
    // written (`noteWritten`).
    window.append(InFlightWindow.Entry(job: job, bytes: bytes, asksOp: asksOp))
    unwritten += 1
    if wrote { noteWritten() }
  }

  /// Writes the queued requests; each one's clock starts now, when the runner can first read it.
  /// False when the runner was lost (the window has been settled).
  private mutating func flush(_ live: any PipelinedConnection) -> Bool {
    guard unwritten > 0 else { return true }
    do {
      try live.flush()
    } catch {
      lose(error, sending: nil)
      return false
    }
    noteWritten()
    return true
  }

  private mutating func noteWritten() {
    window.stamp(newest: unwritten, at: Deadline.now)
    unwritten = 0
  }

  /// Waits for the oldest request's reply line and hands it to its job.
  private mutating func receiveHead() {
    guard let live = connection else { return }
    // Only a wait sends: while replies are already read, requests gather into one write.
    if unwritten > 0, !live.hasBufferedLine(), !flush(live) { return }
    let head = window.first
    let reply: [UInt8]
    do {
      let deadline = Deadline(span: timeoutSpan, from: max(head.sentAt, lastReplyAt))
      reply =
        head.asksOp ? try live.receiveOpReply(deadline: deadline) : try live.receiveReduce(deadline: deadline)
    } catch {
      if error == .blankLine {
        // The stream is out of step: the blank answered the head, and nothing after it is trusted.
        popHead().job.fail(error, stderr: live.stderrTail())
        lose(error, sending: nil, trustingBuffered: false)
      } else if error.losesRunner {
        lose(error, sending: nil)
      } else {
        // A garbage line answered the head: it fails, the runner stays in step.
        popHead().job.fail(error, stderr: live.stderrTail())
      }
      return
    }
    lastReplyAt = Deadline.now
    let answered = popHead().job
    let next: RunnerRequest?
    do {
      next = try answered.take(reply)
    } catch {
      // A reply that is not its op's shape: the job fails, the runner stays in step.
      answered.fail(error, stderr: live.stderrTail())
      return
    }
    proceed(answered, with: live, next)
  }

  private mutating func popHead() -> InFlightWindow.Entry {
    let head = window.popFirst()!
    windowBytes -= head.bytes
    unwritten = min(unwritten, window.count)
    return head
  }

  /// The runner is gone: deliver what it finished, blame the oldest unanswered request, and send
  /// every other job back to the queue to start again on a fresh runner. Without
  /// `trustingBuffered` (the stream is out of step, its culprit already blamed), every job still
  /// in the window starts again.
  private mutating func lose(_ fault: RunnerFault, sending: (any RunnerJob)?, trustingBuffered: Bool = true) {
    guard let live = connection else { return }
    live.kill()
    connection = nil
    var restart: [any RunnerJob] = []
    var inStep = trustingBuffered
    // Only `reduce` replies are read back from the buffer; another op's reply is blamed and restarted.
    while inStep, !window.isEmpty, !window.first.asksOp, let buffered = live.bufferedReply() {
      let head = popHead().job
      switch buffered {
      case .success(let reply):
        do {
          if try head.take(reply) != nil { restart.append(head) }
        } catch {
          head.fail(error, stderr: live.stderrTail())
        }
      case .failure(let garbage):
        head.fail(garbage, stderr: live.stderrTail())
        // After a blank line the rest of the buffer cannot be paired by position.
        if garbage == .blankLine { inStep = false }
      }
    }
    if !inStep {
      restart += window.drain() + (sending.map { [$0] } ?? [])
    } else if !window.isEmpty {
      popHead().job.fail(fault, stderr: live.stderrTail())
      restart += window.drain()
      if let sending { restart.append(sending) }
    } else if let culprit = sending {
      culprit.fail(fault, stderr: live.stderrTail())
    }
    windowBytes = 0
    unwritten = 0
    queue.requeue(restart)
  }
}
