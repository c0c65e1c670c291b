import DuetCore
import DuetPlatform

/// Runs a sink off the caller's path, on an order-preserving executor, with a bounded queue.
///
/// For sinks that do I/O (a vendor SDK, a network flush): the fan-out hands the call over and
/// returns at once, so a slow sink never delays the others or the interactive path, and calls still
/// reach the wrapped sink in the order they were made.
///
/// Overflow policy: at most `capacity` events are held — waiting, or in flight at the wrapped sink.
/// When full, a new `track`, `identify` or `reset` is dropped (the newest, so what was queued keeps
/// its order) and counted in `droppedCount`; a consent change is never dropped — consecutive ones
/// waiting collapse into the last, which keeps the queue bounded.
///
/// Opt-out is a barrier: `setEnabled(false)` **purges** every event still waiting (counted in
/// `purgedCount`; the user opted out, so they are never sent, not even after a later opt-in), then
/// waits for the one call in flight at the wrapped sink to return — at most `optOutWait` seconds,
/// so a hung vendor cannot hang the consent toggle — and queues the opt-out itself, ahead of every
/// later call. Anything tracked afterwards reaches the wrapped sink only after it was told.
///
/// Shutdown: `flush(timeout:)` (or the fan-out's) waits until everything queued before it has been
/// delivered — and, when the wrapped sink holds calls itself (a fan-out over another queue), until
/// that sink has delivered them too. Called from the sink's own delivery — where waiting would
/// deadlock — it is refused with a sentence instead.
public final class QueuedSink: FlushableSink, ConsentOrderingSink, @unchecked Sendable {
  /// The sink that does the work.
  public let base: any AnalyticsSink
  /// How many events may be held (waiting or in flight) before new ones are dropped.
  public let capacity: Int
  /// How long an opt-out waits for the call in flight at the wrapped sink, in seconds.
  public let optOutWait: TimeInterval
  private let executor: any SinkExecutor
  private let router: SinkRouter

  // Guarded by `condition`.
  private let condition = SystemCondition()
  private var queue = CallQueue()
  private var inFlight: CallQueue.Entry?
  private var scheduled = false
  private var deliveringThread: pthread_t?
  private var nextSequence = 0
  private var dropped = 0
  private var purged = 0
  private var waiters = 0

  /// Wraps `base`; by default each wrapped sink gets its own serial queue and 10,000 slots.
  public init(
    _ base: any AnalyticsSink, capacity: Int = 10_000, executor: any SinkExecutor = SerialQueueExecutor(),
    optOutWait: TimeInterval = 1, onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    self.base = base
    self.capacity = max(1, capacity)
    self.executor = executor
    self.optOutWait = optOutWait
    router = SinkRouter([base], onFailure: onFailure)
  }

  /// How many calls were dropped because the queue was full.
  public var droppedCount: Int { locked { dropped } }

  /// How many waiting events an opt-out purged.
  public var purgedCount: Int { locked { purged } }

  /// How many calls are accepted but not yet delivered (the one in flight included).
  public var pendingCount: Int { locked { queue.count + (inFlight == nil ? 0 : 1) } }

  public func track(event: TrackedEvent) { enqueue(.track(event)) }

  public func identify(uid: String) { enqueue(.identify(uid: uid)) }

  public func reset() { enqueue(.reset) }

  public func setEnabled(_ enabled: Bool) { enqueue(.setEnabled(enabled)) }

  public func flush(timeout: TimeInterval) -> FlushOutcome {
    let deadline = FlushDeadline(timeout: timeout)
    condition.lock()
    if isDeliveringThread {
      condition.unlock()
      return .refused(
        "flush was called from inside \(type(of: base))'s own delivery, where waiting would deadlock (the queue "
          + "cannot deliver while it waits); call flush from the composition root or any other thread.")
    }
    let target = nextSequence
    var own = FlushOutcome.drained
    waiters += 1
    while let oldest = inFlight?.sequence ?? queue.firstSequence, oldest < target {
      guard deadline.wait(on: condition) else {
        let inFlightBefore = (inFlight?.sequence).map { $0 < target ? 1 : 0 } ?? 0
        own = .timedOut(pending: inFlightBefore + queue.count(before: target))
        break
      }
    }
    waiters -= 1
    condition.unlock()
    guard let holding = base as? any FlushableSink else { return own }
    // What this queue delivered may still wait in the wrapped sink's own queues.
    return .combining([own, holding.flush(timeout: own == .drained ? deadline.remaining : 0)])
  }

  private func enqueue(_ call: SinkCall) {
    condition.lock()
    switch call {
    case .setEnabled(let enabled):
      if !enabled { purged += queue.purgeForOptOut() }
      if !queue.appendConsent(call, sequence: nextSequence) { nextSequence += 1 }
      if !enabled { awaitEventInFlight() }
    default:
      let held = queue.eventCount + (inFlight?.call.isGatedByConsent == true ? 1 : 0)
      guard held < capacity else {
        dropped += 1
        condition.unlock()
        return
      }
      queue.appendEvent(call, sequence: nextSequence)
      nextSequence += 1
    }
    let schedule = !scheduled
    scheduled = true
    condition.unlock()
    if schedule { executor.submit { [self] in deliver() } }
  }

  /// Waits (the lock held by the caller) until no event is in flight at the wrapped sink, for at
  /// most `optOutWait`; never on the delivering thread itself, which would wait for its own call.
  private func awaitEventInFlight() {
    guard !isDeliveringThread else { return }
    let deadline = FlushDeadline(timeout: optOutWait)
    waiters += 1
    while inFlight?.call.isGatedByConsent == true, deadline.wait(on: condition) {}
    waiters -= 1
  }

  /// Delivers the calls waiting when the job started, one at a time, then schedules itself again
  /// if more arrived meanwhile (one batch per job, so sinks sharing an executor take turns).
  private func deliver() {
    condition.lock()
    deliveringThread = pthread_self()
    var turn = queue.count
    while turn > 0, let entry = queue.popFirst() {
      turn -= 1
      inFlight = entry
      condition.unlock()
      router.forward(entry.call)
      condition.lock()
      inFlight = nil
      if waiters > 0 { condition.broadcast() }
    }
    deliveringThread = nil
    let more = !queue.isEmpty
    scheduled = more
    if waiters > 0 { condition.broadcast() }
    condition.unlock()
    if more { executor.submit { [self] in deliver() } }
  }

  private var isDeliveringThread: Bool {
    guard let deliveringThread else { return false }
    return pthread_equal(deliveringThread, pthread_self()) != 0
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}
