import DuetTelemetry
import Foundation

/// Foyer's analytics composition root: the one place that knows which sinks exist.
///
/// Features only emit `track` effects; their live environments forward each event to `analytics`.
/// The root wires, in order:
/// 1. a `ConsoleSink` — synchronous, cheap, what a developer watches;
/// 2. a `DeferredSink` slot for the vendor — the vendor SDK is configured later (it needs remote
///    config, which itself reports analytics), so the fan-out exists before it does; the slot
///    buffers, capped, until `bindVendor(_:)`;
/// 3. behind the slot, the vendor in a bounded `QueuedSink`, so a slow network never delays the
///    console or the caller.
/// The persisted consent choice seeds every sink in the fan-out's initializer, and reaches the
/// vendor through the slot before any buffered event. At exit, `shutdown(timeout:)` flushes the
/// queue so the last events are not lost.
final class FoyerAnalyticsRoot: Sendable {
  /// The port every feature environment holds.
  let analytics: AnalyticsFanOut
  private let vendorSlot: DeferredSink
  private let onFailure: SinkFailureHandler

  /// Wires the console and the vendor slot, seeded with the user's persisted `consent`.
  init(
    consent: Bool, consoleLine: @escaping @Sendable (String) -> Void = { print($0) },
    onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    self.onFailure = onFailure
    vendorSlot = DeferredSink(capacity: 1000, onFailure: onFailure)
    analytics = AnalyticsFanOut(
      sinks: [ConsoleSink(line: consoleLine), vendorSlot], isEnabled: consent, onFailure: onFailure)
  }

  /// Binds the vendor once it exists: what arrived before is replayed into its queue, in order.
  func bindVendor(_ vendor: any AnalyticsSink, executor: any SinkExecutor = SerialQueueExecutor()) {
    vendorSlot.bind(to: [QueuedSink(vendor, capacity: 10_000, executor: executor, onFailure: onFailure)])
  }

  /// The Settings row's consent toggle.
  func setConsent(_ enabled: Bool) { analytics.setEnabled(enabled) }

  /// At exit (or when the app is backgrounded): waits, at most `timeout` seconds, until the vendor
  /// queue has delivered everything.
  func shutdown(timeout: TimeInterval = 2) -> FlushOutcome { analytics.flush(timeout: timeout) }
}
