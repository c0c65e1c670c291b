import DuetCore
import DuetPlatform

/// A placeholder the composition root wires into the fan-out before the real sinks exist.
///
/// Late binding breaks construction cycles (a sink whose dependencies themselves need analytics).
/// Until `bind(to:)`, calls are buffered — the fan-out's consent seed included — and binding
/// forwards them, in order, before anything that arrives later:
/// - the buffer keeps at most `capacity` events (`track`, `identify`, `reset`); beyond that new
///   ones are dropped and counted in `droppedBeforeBinding`. Consent changes are never dropped:
///   consecutive ones waiting in the buffer collapse into the last, so the buffer stays bounded;
/// - an opt-out **purges** the events buffered before it (counted in `purgedBeforeBinding`), so a
///   sink bound later never receives an event its user opted out of, not even after an opt-in;
/// - `bind(to:)` replays the buffer on the caller's thread (bind to fast or queued sinks). A call
///   or a flush from another thread during the replay waits for it to finish, so nothing sent
///   after binding is lost or overtakes the buffer; a call made by a sink during the replay (on the
///   replaying thread) joins the end of the buffer;
/// - binding again replaces the sinks: the new ones first receive the last consent flag this sink
///   saw, then every later call. Once `bind(to:)` returns the old ones receive nothing more; what
///   they already hold (a queue) is still delivered, and `flush` waits for it.
/// Calls pass one at a time (a lock held across each forward), which is what makes the replay and
/// the re-bind exact under concurrent callers.
public final class DeferredSink: FlushableSink, ConsentOrderingSink, @unchecked Sendable {
  private enum Phase {
    case buffering
    case replaying
    case bound
  }

  /// How many events the buffer holds before binding.
  public let capacity: Int
  private let onFailure: SinkFailureHandler

  // Guarded by `lock`, which is held across every forward and the whole replay.
  private let lock = SystemLock(recursive: true)
  private var phase = Phase.buffering
  private var pending: [SinkCall] = []
  private var pendingEvents = 0
  private var dropped = 0
  private var purged = 0
  private var lastConsent: Bool?
  private var router: SinkRouter?
  private var retired: [SinkRouter] = []

  /// A deferred sink holding up to `capacity` events until it is bound.
  public init(capacity: Int = 1000, onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError) {
    self.capacity = max(0, capacity)
    self.onFailure = onFailure
  }

  /// How many events were dropped because the buffer was full.
  public var droppedBeforeBinding: Int { locked { dropped } }

  /// How many buffered events an opt-out purged before binding.
  public var purgedBeforeBinding: Int { locked { purged } }

  /// Whether `bind(to:)` has been called.
  public var isBound: Bool { locked { phase != .buffering } }

  /// The consent flag last received (`nil` before any), what a re-bound sink starts from.
  public var isEnabled: Bool? { locked { lastConsent } }

  /// Binds `sinks`, replays what is buffered into them in order, then forwards directly.
  ///
  /// Returns `true` for the first binding, `false` when it replaced sinks bound earlier.
  @discardableResult
  public func bind(to sinks: [any AnalyticsSink]) -> Bool {
    let next = SinkRouter(sinks, onFailure: onFailure)
    lock.lock()
    defer { lock.unlock() }
    let first = router == nil
    if let previous = router {
      // The new sinks start from the user's current choice, before any later event.
      pending = (lastConsent.map { [SinkCall.setEnabled($0)] } ?? []) + pending
      retired = retired.filter { $0.flush(until: FlushDeadline(timeout: 0)) != .drained } + [previous]
    }
    router = next
    // A sink binding again from inside the replay: the replay below goes on into the new sinks.
    guard phase != .replaying else { return first }
    phase = .replaying
    while !pending.isEmpty {
      let batch = pending
      pending = []
      pendingEvents = 0
      for call in batch { router?.forward(call) }
    }
    phase = .bound
    return first
  }

  public func track(event: TrackedEvent) { receive(.track(event)) }

  public func identify(uid: String) { receive(.identify(uid: uid)) }

  public func reset() { receive(.reset) }

  public func setEnabled(_ enabled: Bool) { receive(.setEnabled(enabled)) }

  /// Flushes the bound sinks and those an earlier binding replaced, sharing one deadline. Before
  /// binding there is nowhere to deliver to, so it is refused; during a replay on another thread
  /// it waits for the replay first.
  public func flush(timeout: TimeInterval) -> FlushOutcome {
    let deadline = FlushDeadline(timeout: timeout)
    lock.lock()
    let (phase, waiting, routers) = (self.phase, pending.count, retired + (router.map { [$0] } ?? []))
    lock.unlock()
    switch phase {
    case .buffering:
      return .refused(
        "the deferred sink is not bound yet, so its \(waiting) buffered call(s) have nowhere to go; "
          + "bind(to:) the real sinks before flushing.")
    case .replaying:
      return .refused(
        "flush was called from inside the deferred sink's replay, where waiting would deadlock (the replay "
          + "cannot go on while it waits); call flush after bind(to:) returns.")
    case .bound:
      let outcome = FlushOutcome.combining(routers.map { $0.flush(until: deadline) })
      if outcome == .drained {
        locked { retired.removeAll { retiredRouter in routers.contains { $0 === retiredRouter } } }
      }
      return outcome
    }
  }

  private func receive(_ call: SinkCall) {
    lock.lock()
    defer { lock.unlock() }
    if case .setEnabled(let enabled) = call { lastConsent = enabled }
    if phase == .bound, let router {
      router.forward(call)
    } else {
      buffer(call)
    }
  }

  /// Appends to the buffer under the caps; the caller holds the lock.
  private func buffer(_ call: SinkCall) {
    switch call {
    case .setEnabled(let enabled):
      if !enabled {
        // The events buffered before are purged; the consent calls between them are superseded.
        purged += pendingEvents
        pending.removeAll()
        pendingEvents = 0
      }
      if case .setEnabled = pending.last {
        pending[pending.count - 1] = call
      } else {
        pending.append(call)
      }
    default:
      guard pendingEvents < capacity else {
        dropped += 1
        return
      }
      pendingEvents += 1
      pending.append(call)
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
