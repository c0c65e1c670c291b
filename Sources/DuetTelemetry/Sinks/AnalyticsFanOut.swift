import DuetCore
import DuetPlatform

/// The one object a composition root owns: forwards every call to each sink, in list order.
///
/// Order is part of the contract — a sink that writes state another reads must be listed first
/// (and where both are queued, they share one queue: `QueuedSink(AnalyticsFanOut(sinks: [writer,
/// reader]))`, see docs/telemetry.md). The initializer pushes the initial consent flag into every
/// sink before any event can arrive, so nothing leaves before the persisted choice is applied.
/// Consent gates the sinks, never the emission: the fan-out forwards every call.
///
/// Consent is a barrier and is linearised: consent calls run one at a time, each reaching every
/// sink before the next starts, and `isEnabled` reports the flag last forwarded to all of them.
/// When `setEnabled(false)` returns, no event tracked before or after it reaches a sink that
/// honours consent: a synchronous sink has finished any event it was handed (its slot lock), a
/// queue has purged what it held and waited for its call in flight, a deferred slot has purged
/// its buffer, and a sink whose consent call threw is quarantined.
///
/// An event whose name the taxonomy grammar forbids (`EventNameRule`) is refused here — no sink
/// sees it — and reported through `onFailure`. A sink that throws is reported and the rest still
/// receive the call. Wrap a slow sink in `QueuedSink` and call `flush(timeout:)` at shutdown. The
/// fan-out is itself a sink, so fan-outs nest.
public final class AnalyticsFanOut: AnalyticsTracking, FlushableSink, ConsentOrderingSink, @unchecked Sendable {
  private let router: SinkRouter
  private let consent: ConsentGate
  private let consentLock = SystemLock(recursive: true)
  private let onFailure: SinkFailureHandler
  private let instance = SinkSlot.newID()

  /// The sinks, in the order every call reaches them.
  public var sinks: [any AnalyticsSink] { router.sinks }

  /// Wires `sinks` and seeds each with `isEnabled` before returning. The defaults make the
  /// working default a one-liner (`AnalyticsFanOut()`: no sink, nothing to consent to); an app
  /// with a consent setting passes the persisted choice.
  public init(
    sinks: [any AnalyticsSink] = [], isEnabled: Bool = true,
    onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    router = SinkRouter(sinks, onFailure: onFailure)
    consent = ConsentGate(isEnabled: isEnabled)
    self.onFailure = onFailure
    router.forward(.setEnabled(isEnabled))
  }

  /// The consent flag last forwarded to every sink (the seed, then each completed `setEnabled`).
  public var isEnabled: Bool { consent.isEnabled }

  public func track(event: TrackedEvent) {
    guard EventNameRule.admits(event) else {
      onFailure(
        SinkFailure(
          sink: "AnalyticsFanOut", instance: instance, call: .track(event), reason: EventNameRule.requirement,
          refused: true))
      return
    }
    router.forward(.track(event))
  }

  public func identify(uid: String) { router.forward(.identify(uid: uid)) }

  public func reset() { router.forward(.reset) }

  public func setEnabled(_ enabled: Bool) {
    consentLock.lock()
    defer { consentLock.unlock() }
    router.forward(.setEnabled(enabled))
    consent.setEnabled(enabled)
  }

  /// Waits until every call made before it has reached every sink — through queued, deferred and
  /// nested sinks — sharing one deadline of `timeout` seconds (any value: zero, negative and NaN
  /// do not wait; infinity waits until done). Call it at shutdown.
  public func flush(timeout: TimeInterval) -> FlushOutcome { router.flush(until: FlushDeadline(timeout: timeout)) }
}
