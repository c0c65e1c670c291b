/// Runs a sink off the caller's path, on an order-preserving executor.
///
/// For sinks that do I/O (a vendor SDK, a network flush): the fan-out hands the call over and
/// returns at once, so a slow sink never delays the others or the interactive path, and calls still
/// reach the wrapped sink in the order they were made. A failure on the executor is reported
/// through `onFailure` under the wrapped sink's name.
public final class QueuedSink: AnalyticsSink {
  /// The sink that does the work.
  public let base: any AnalyticsSink
  private let executor: any SinkExecutor
  private let onFailure: SinkFailureHandler

  /// Wraps `base`; by default each wrapped sink gets its own serial queue.
  public init(
    _ base: any AnalyticsSink, executor: any SinkExecutor = SerialQueueExecutor(),
    onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError
  ) {
    self.base = base
    self.executor = executor
    self.onFailure = onFailure
  }

  public func track(event: TrackedEvent) { enqueue(.track(event)) }

  public func identify(uid: String) { enqueue(.identify(uid: uid)) }

  public func reset() { enqueue(.reset) }

  public func setEnabled(_ enabled: Bool) { enqueue(.setEnabled(enabled)) }

  private func enqueue(_ call: SinkCall) {
    let base = base
    let onFailure = onFailure
    executor.submit { forward(call, to: [base], onFailure: onFailure) }
  }
}
