import Foundation

/// Runs a sink off the caller's path, on an order-preserving executor, with a bounded queue.
///
/// For sinks that do I/O (a vendor SDK, a network flush): the fan-out hands the call over and
/// returns at once, so a slow sink never delays the others or the interactive path, and calls still
/// reach the wrapped sink in the order they were made.
///
/// Overflow policy: at most `capacity` calls wait. When the queue is full a new `track`,
/// `identify` or `reset` is dropped (the newest, so what was queued keeps its order) and counted in
/// `droppedCount`; a consent change is never dropped — consecutive ones waiting in the queue
/// collapse into the last, which keeps the queue bounded. Calls are handed to the executor in
/// batches, so a burst costs an append, not a scheduled job, per call.
///
/// Shutdown: `flush(timeout:)` (or the fan-out's) waits until everything queued before it has been
/// delivered, bounded by the timeout. Called from the sink's own delivery — where waiting would
/// deadlock — it is refused with a sentence instead.
public final class QueuedSink: FlushableSink, @unchecked Sendable {
  /// The sink that does the work.
  public let base: any AnalyticsSink
  /// How many calls may wait before new ones are dropped.
  public let capacity: Int
  private let executor: any SinkExecutor
  private let router: SinkRouter

  // Guarded by `condition`.
  private let condition = NSCondition()
  private var waiting: [SinkCall] = []
  private var waitingEvents = 0
  private var scheduled = false
  private var deliveringThread: pthread_t?
  private var accepted = 0
  private var delivered = 0
  private var dropped = 0

  /// Wraps `base`; by default each wrapped sink gets its own serial queue and 10,000 slots.
  public init(
    _ base: any AnalyticsSink, capacity: Int = 10_000, executor: any SinkExecutor = SerialQueueExecutor(),
    onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    self.base = base
    self.capacity = max(1, capacity)
    self.executor = executor
    router = SinkRouter([base], onFailure: onFailure)
  }

  /// How many calls were dropped because the queue was full.
  public var droppedCount: Int { locked { dropped } }

  /// How many calls are accepted but not yet delivered.
  public var pendingCount: Int { locked { accepted - delivered } }

  public func track(event: TrackedEvent) { enqueue(.track(event)) }

  public func identify(uid: String) { enqueue(.identify(uid: uid)) }

  public func reset() { enqueue(.reset) }

  public func setEnabled(_ enabled: Bool) { enqueue(.setEnabled(enabled)) }

  public func flush(timeout: TimeInterval) -> FlushOutcome {
    condition.lock()
    defer { condition.unlock() }
    if let thread = deliveringThread, pthread_equal(thread, pthread_self()) != 0 {
      return .refused(
        "flush was called from inside \(type(of: base))'s own delivery, where waiting would deadlock (the queue "
          + "cannot deliver while it waits); call flush from the composition root or any other thread.")
    }
    let target = accepted
    let deadline = Date(timeIntervalSinceNow: max(0, timeout))
    while delivered < target {
      if !condition.wait(until: deadline) { return .timedOut(pending: target - delivered) }
    }
    return .drained
  }

  private func enqueue(_ call: SinkCall) {
    condition.lock()
    if call.isGatedByConsent {
      guard waitingEvents < capacity else {
        dropped += 1
        condition.unlock()
        return
      }
      waitingEvents += 1
      waiting.append(call)
      accepted += 1
    } else if case .setEnabled = waiting.last {
      waiting[waiting.count - 1] = call
    } else {
      waiting.append(call)
      accepted += 1
    }
    let schedule = !scheduled
    scheduled = true
    condition.unlock()
    if schedule { executor.submit { [self] in deliverBatch() } }
  }

  /// Delivers what is waiting, then schedules itself again if more arrived meanwhile (one batch
  /// per job, so sinks sharing an executor take turns).
  private func deliverBatch() {
    condition.lock()
    let batch = waiting
    waiting = []
    waitingEvents = 0
    deliveringThread = pthread_self()
    condition.unlock()

    for call in batch { router.forward(call) }

    condition.lock()
    delivered += batch.count
    deliveringThread = nil
    let more = !waiting.isEmpty
    scheduled = more
    condition.broadcast()
    condition.unlock()
    if more { executor.submit { [self] in deliverBatch() } }
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}
