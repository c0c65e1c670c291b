import Foundation

/// The one object a composition root owns: forwards every call to each sink, in list order.
///
/// Order is part of the contract — a sink that writes state another reads must be listed first
/// (and where both are queued, they share one queue: `QueuedSink(AnalyticsFanOut(sinks: [writer,
/// reader]))`, see docs/telemetry.md). The initializer pushes the initial consent flag into every
/// sink before any event can arrive, so nothing leaves before the persisted choice is applied.
/// Consent gates the sinks, never the emission: the fan-out forwards every call and remembers the
/// last flag only to answer `isEnabled`. A sink that throws is reported through `onFailure` and the
/// rest still receive the call; a sink whose consent call throws is quarantined until a later
/// consent call succeeds. Wrap a slow sink in `QueuedSink` so it cannot delay the others, and call
/// `flush(timeout:)` at shutdown. The fan-out is itself a sink, so fan-outs nest.
public final class AnalyticsFanOut: AnalyticsTracking, FlushableSink {
  private let router: SinkRouter
  private let consent: ConsentGate

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
    router.forward(.setEnabled(isEnabled))
  }

  /// The consent flag last forwarded (the seed, then each `setEnabled`).
  public var isEnabled: Bool { consent.isEnabled }

  public func track(event: TrackedEvent) { router.forward(.track(event)) }

  public func identify(uid: String) { router.forward(.identify(uid: uid)) }

  public func reset() { router.forward(.reset) }

  public func setEnabled(_ enabled: Bool) {
    consent.setEnabled(enabled)
    router.forward(.setEnabled(enabled))
  }

  /// Waits until every queued or deferred sink has delivered what it holds, sharing one deadline
  /// of `timeout` seconds; synchronous sinks have nothing to wait for. Call it at shutdown.
  public func flush(timeout: TimeInterval) -> FlushOutcome { router.flush(timeout: timeout) }
}
