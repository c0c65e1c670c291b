/// A destination for analytics: a console, a vendor SDK, a test recorder.
///
/// Only the fan-out calls a sink. Each call may throw: the fan-out catches it and reports it, so one
/// broken sink never stops the others. Consent lives here, not in the reducers: a sink that has
/// been told `setEnabled(false)` drops `track`, `identify` and `reset` until it is enabled again.
/// A sink that does I/O should be wrapped in `QueuedSink` so it runs off the caller's path.
public protocol AnalyticsSink: Sendable {
  /// Receives one event.
  func track(event: TrackedEvent) throws
  /// Receives the user id later events belong to.
  func identify(uid: String) throws
  /// Forgets the user id.
  func reset() throws
  /// Receives the consent flag; the fan-out sends it once before any other call.
  func setEnabled(_ enabled: Bool) throws
}
