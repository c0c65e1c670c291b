/// The one object a composition root owns: forwards every call to each sink, in list order.
///
/// Order is part of the contract — a sink that writes state another reads must be listed first.
/// The initializer pushes the initial consent flag into every sink before any event can arrive, so
/// nothing leaves before the persisted choice is applied; after that the fan-out holds no flag of
/// its own. Consent gates the sinks, never the emission. A sink that throws is reported through
/// `onFailure` and the rest still receive the call; wrap a slow sink in `QueuedSink` so it cannot
/// delay the others. The fan-out is itself a sink, so fan-outs nest.
public final class AnalyticsFanOut: AnalyticsTracking, AnalyticsSink {
  /// The sinks, in the order every call reaches them.
  public let sinks: [any AnalyticsSink]
  private let onFailure: SinkFailureHandler

  /// Wires `sinks` and seeds each with `isEnabled` before returning.
  public init(
    sinks: [any AnalyticsSink], isEnabled: Bool,
    onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    self.sinks = sinks
    self.onFailure = onFailure
    forward(.setEnabled(isEnabled), to: sinks, onFailure: onFailure)
  }

  public func track(event: TrackedEvent) { forward(.track(event), to: sinks, onFailure: onFailure) }

  public func identify(uid: String) { forward(.identify(uid: uid), to: sinks, onFailure: onFailure) }

  public func reset() { forward(.reset, to: sinks, onFailure: onFailure) }

  public func setEnabled(_ enabled: Bool) { forward(.setEnabled(enabled), to: sinks, onFailure: onFailure) }
}
