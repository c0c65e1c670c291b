import Foundation

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
final class PipelinedSlot<Job: Sendable, Conversation: RunnerDialogue> {
  typealias Output = Conversation.Output

  /// A job with a request in flight. A class, so the window moves references, not conversations.
  final class InFlight {
    let index: Int
    var conversation: Conversation
    var sentAt: UInt64 = 0
    var bytes = 0
    /// The request in flight is another op's (its reply is read as a line, up to the bulk cap).
    var asksOp = false

    init(index: Int, conversation: Conversation) {
      self.index = index
      self.conversation = conversation
    }
  }

  let jobs: [Job]
  let queue: PipelineQueue<Conversation>
  let launcher: any RunnerLauncher
  let depth: Int
  let byteBudget: Int
  let timeout: Double
  let prepare: (Job) -> Prepared<Conversation>
  let emit: (Int, Output) -> Void
  private var connection: (any PipelinedConnection)?
  private var window: [InFlight] = []
  private var windowBytes = 0
  private var lastReplyAt: UInt64 = 0
  /// How many of the window's newest requests are queued on the connection, not yet written.
  private var unwritten = 0

  init(
    jobs: [Job], queue: PipelineQueue<Conversation>, launcher: any RunnerLauncher, depth: Int, byteBudget: Int,
    timeout: Double, prepare: @escaping (Job) -> Prepared<Conversation>, emit: @escaping (Int, Output) -> Void
  ) {
    self.jobs = jobs
    self.queue = queue
    self.launcher = launcher
    self.depth = max(1, depth)
    self.byteBudget = byteBudget
    self.timeout = timeout
    self.prepare = prepare
    self.emit = emit
  }

  /// Serves until no work is left, or retires when its runner cannot start.
  /// Returns the start error when this slot retired.
  func run() -> RunnerStartError? {
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

  /// Takes work until the window is full, sending each conversation's first request. With requests
  /// in flight it prepares only a couple of jobs before reading again, so lint-only work (another
  /// shard's recordings) never leaves the runner idle for long.
  private func fill() {
    var prepared = 0
    while let live = connection, window.count < depth, window.isEmpty || windowBytes < byteBudget,
      window.isEmpty || prepared < 2
    {
      guard let work = queue.take() else { return }
      prepared += 1
      var conversation: Conversation
      let index: Int
      switch work {
      case .job(let jobIndex):
        index = jobIndex
        switch prepare(jobs[jobIndex]) {
        case .done(let output):
          emit(jobIndex, output)
          continue
        case .converse(let prepared): conversation = prepared
        }
      case .resume(let jobIndex, let paused):
        index = jobIndex
        conversation = paused
      }
      let entry = InFlight(index: index, conversation: conversation)
      proceed(entry, with: live, entry.conversation.open(handshake: live.handshake))
    }
  }

  /// Sends `entry`'s next request, or emits its output, as its conversation's `move` says.
  private func proceed(_ entry: InFlight, with live: any PipelinedConnection, _ move: DialogueMove<Output>) {
    switch move {
    case .finish(let output): emit(entry.index, output)
    case .send(let request):
      do {
        switch request {
        case .reduce(let feature, let state, let action):
          try live.send(feature: feature, state: state, action: action)
          entry.bytes = state.utf8.count + action.utf8.count
          entry.asksOp = false
        case .op(let line):
          try live.send(op: line)
          entry.bytes = line.count
          entry.asksOp = true
        }
      } catch {
        if error.losesRunner {
          lose(error, sending: entry)
        } else {
          // Nothing was written (a request that would not be one line): the runner stays in step.
          emit(entry.index, entry.conversation.fail(error, stderr: live.stderrTail()))
        }
        return
      }
      entry.sentAt = Deadline.now
      windowBytes += entry.bytes
      window.append(entry)
      unwritten += 1
      // A connection that wrote its queue on its own (it grew large) is stamped here.
      if live.unwrittenBytes == 0 { noteWritten() }
    }
  }

  /// Writes the queued requests; each one's clock starts now, when the runner can first read it.
  /// False when the runner was lost (the window has been settled).
  private func flush(_ live: any PipelinedConnection) -> Bool {
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

  private func noteWritten() {
    let now = Deadline.now
    for entry in window.suffix(unwritten) { entry.sentAt = now }
    unwritten = 0
  }

  /// Waits for the oldest request's reply and hands it to its conversation.
  private func receiveHead() {
    guard let live = connection else { return }
    // Only a wait sends: while replies are already read, requests gather into one write.
    if !live.hasBufferedLine(), !flush(live) { return }
    let head = window[0]
    let reply: RunnerReply
    do {
      let deadline = Deadline(after: timeout, from: max(head.sentAt, lastReplyAt))
      reply =
        head.asksOp
        ? .op(try live.receiveOpReply(deadline: deadline)) : .reduce(try live.receiveReply(deadline: deadline))
    } catch {
      if error == .blankLine {
        // The stream is out of step: the blank answered the head, and nothing after it is trusted.
        let culprit = popHead()
        emit(culprit.index, culprit.conversation.fail(error, stderr: live.stderrTail()))
        lose(error, sending: nil, trustingBuffered: false)
      } else if error.losesRunner {
        lose(error, sending: nil)
      } else {
        // A garbage line answered the head: it fails, the runner stays in step.
        let failed = popHead()
        emit(failed.index, failed.conversation.fail(error, stderr: live.stderrTail()))
      }
      return
    }
    lastReplyAt = Deadline.now
    let answered = popHead()
    let move: DialogueMove<Output>
    do {
      move = try answered.conversation.take(reply)
    } catch {
      // A reply that is not its op's shape: the job fails, the runner stays in step.
      emit(answered.index, answered.conversation.fail(error, stderr: live.stderrTail()))
      return
    }
    proceed(answered, with: live, move)
  }

  private func popHead() -> InFlight {
    let head = window.removeFirst()
    windowBytes -= head.bytes
    unwritten = min(unwritten, window.count)
    return head
  }

  /// The runner is gone: deliver what it finished, blame the oldest unanswered request, and send
  /// every other job back to the queue to start again on a fresh runner. Without
  /// `trustingBuffered` (the stream is out of step, its culprit already blamed), every job still
  /// in the window starts again.
  private func lose(_ fault: RunnerFault, sending: InFlight?, trustingBuffered: Bool = true) {
    guard let live = connection else { return }
    live.kill()
    connection = nil
    var restart: [InFlight] = []
    var inStep = trustingBuffered
    // Only `reduce` replies are read back from the buffer; another op's reply is blamed and restarted.
    while inStep, let oldest = window.first, !oldest.asksOp, let buffered = live.bufferedReply() {
      let head = popHead()
      switch buffered {
      case .success(let reply):
        do {
          switch try head.conversation.take(.reduce(reply)) {
          case .finish(let output): emit(head.index, output)
          case .send: restart.append(head)
          }
        } catch {
          emit(head.index, head.conversation.fail(error, stderr: live.stderrTail()))
        }
      case .failure(let garbage):
        emit(head.index, head.conversation.fail(garbage, stderr: live.stderrTail()))
        // After a blank line the rest of the buffer cannot be paired by position.
        if garbage == .blankLine { inStep = false }
      }
    }
    if !inStep {
      restart += window + (sending.map { [$0] } ?? [])
    } else if !window.isEmpty {
      let culprit = popHead()
      emit(culprit.index, culprit.conversation.fail(fault, stderr: live.stderrTail()))
      restart += window
      if let sending { restart.append(sending) }
    } else if let culprit = sending {
      emit(culprit.index, culprit.conversation.fail(fault, stderr: live.stderrTail()))
    }
    window = []
    windowBytes = 0
    unwritten = 0
    queue.requeue(restart.map { ($0.index, $0.conversation) })
  }
}

/// What a job needs before it can run: nothing more (its output is ready) or a conversation.
package enum Prepared<Conversation: RunnerDialogue> {
  /// The job's output needs no runner (an unreadable file, a lint-only visit).
  case done(Conversation.Output)
  /// The job talks to a runner.
  case converse(Conversation)
}
