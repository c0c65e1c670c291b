import DuetPlatform

/// A sink that holds calls before delivering them (a queue, a deferred buffer, a fan-out over
/// such sinks) and can wait until they are out.
///
/// Apps call `flush(timeout:)` on their fan-out at shutdown (or when backgrounded), so events
/// queued for a slow vendor are not lost at exit. The wait is bounded by `timeout` wherever it is
/// called from; a flush that would wait for its own thread is refused instead of deadlocking.
public protocol FlushableSink: AnalyticsSink {
  /// Waits until every call made before this one has been delivered, or `timeout` seconds pass.
  func flush(timeout: TimeInterval) -> FlushOutcome
}
