import Foundation

/// A placeholder the composition root wires into the fan-out before the real sinks exist.
///
/// Late binding breaks construction cycles (a sink whose dependencies themselves need analytics).
/// Until `bind(to:)`, calls are buffered — the fan-out's consent seed included — and binding
/// forwards them, in order, before anything that arrives later:
/// - the buffer keeps at most `capacity` events (`track`, `identify`, `reset`); beyond that new
///   ones are dropped and counted in `droppedBeforeBinding`. Consent changes are never dropped:
///   consecutive ones waiting in the buffer collapse into the last, so the buffer stays bounded and
///   a late sink never receives an event its user opted out of;
/// - `bind(to:)` replays the buffer on the caller's thread (bind to fast or queued sinks). A call
///   from another thread during the replay waits for it to finish and then goes straight through,
///   so nothing sent after binding is lost or overtakes the buffer; a call made by a sink during
///   the replay (on the replaying thread) joins the end of the buffer;
/// - binding again replaces the sinks: the new ones first receive the last consent flag this sink
///   saw, then every later call; the old ones receive nothing more.
public final class DeferredSink: FlushableSink, @unchecked Sendable {
  private enum Phase {
    case buffering
    case replaying
    case bound
  }

  /// How many events the buffer holds before binding.
  public let capacity: Int
  private let onFailure: SinkFailureHandler

  // Guarded by `condition`.
  private let condition = NSCondition()
  private var phase = Phase.buffering
  private var replayingThread: pthread_t?
  private var pending: [SinkCall] = []
  private var pendingEvents = 0
  private var dropped = 0
  private var lastConsent: Bool?
  private var router: SinkRouter?

  /// A deferred sink holding up to `capacity` events until it is bound.
  public init(capacity: Int = 1000, onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError) {
    self.capacity = max(0, capacity)
    self.onFailure = onFailure
  }

  /// How many events were dropped because the buffer was full.
  public var droppedBeforeBinding: Int { locked { dropped } }

  /// Whether `bind(to:)` has been called.
  public var isBound: Bool { locked { phase != .buffering } }

  /// The consent flag last received (`nil` before any), what a re-bound sink starts from.
  public var isEnabled: Bool? { locked { lastConsent } }

  /// Binds `sinks`, replays what is buffered into them in order, then forwards directly.
  ///
  /// Returns `true` for the first binding, `false` when it replaced sinks bound earlier.
  @discardableResult
  public func bind(to sinks: [any AnalyticsSink]) -> Bool {
    let router = SinkRouter(sinks, onFailure: onFailure)
    condition.lock()
    while phase == .replaying && !isReplayingThread { condition.wait() }
    let first = self.router == nil
    if !first {
      // The new sinks start from the user's current choice, before any later event.
      pending = (lastConsent.map { [SinkCall.setEnabled($0)] } ?? []) + pending
    }
    self.router = router
    guard phase != .replaying else {
      condition.unlock()
      return first
    }
    phase = .replaying
    replayingThread = pthread_self()
    while true {
      let batch = pending
      pending = []
      pendingEvents = 0
      if batch.isEmpty { break }
      let target = self.router
      condition.unlock()
      for call in batch { target?.forward(call) }
      condition.lock()
    }
    phase = .bound
    replayingThread = nil
    condition.broadcast()
    condition.unlock()
    return first
  }

  public func track(event: TrackedEvent) { receive(.track(event)) }

  public func identify(uid: String) { receive(.identify(uid: uid)) }

  public func reset() { receive(.reset) }

  public func setEnabled(_ enabled: Bool) { receive(.setEnabled(enabled)) }

  /// Flushes the bound sinks; before binding there is nowhere to deliver to, so it is refused.
  public func flush(timeout: TimeInterval) -> FlushOutcome {
    let (router, waiting) = locked { (phase == .bound ? self.router : nil, pending.count) }
    guard let router else {
      return .refused(
        "the deferred sink is not bound yet, so its \(waiting) buffered call(s) have nowhere to go; "
          + "bind(to:) the real sinks before flushing.")
    }
    return router.flush(timeout: timeout)
  }

  private func receive(_ call: SinkCall) {
    condition.lock()
    if case .setEnabled(let enabled) = call { lastConsent = enabled }
    while phase == .replaying && !isReplayingThread { condition.wait() }
    if phase == .bound, let router {
      condition.unlock()
      router.forward(call)
      return
    }
    buffer(call)
    condition.unlock()
  }

  /// Appends to the buffer under the caps; the caller holds the lock.
  private func buffer(_ call: SinkCall) {
    if call.isGatedByConsent {
      guard pendingEvents < capacity else {
        dropped += 1
        return
      }
      pendingEvents += 1
      pending.append(call)
    } else if case .setEnabled = pending.last {
      pending[pending.count - 1] = call
    } else {
      pending.append(call)
    }
  }

  private var isReplayingThread: Bool {
    guard let replayingThread else { return false }
    return pthread_equal(replayingThread, pthread_self()) != 0
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}
