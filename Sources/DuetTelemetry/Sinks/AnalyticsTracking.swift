/// The port call sites hold: they say what happened, never who hears it.
///
/// A feature's live environment forwards its `track` effects here; the composition root decides
/// which sinks sit behind it. Nothing here throws: a sink's trouble is the fan-out's to isolate,
/// not the caller's to handle.
public protocol AnalyticsTracking: Sendable {
  /// Hands `event` to every sink.
  func track(event: TrackedEvent)
  /// Associates later events with a user id (a composition-root call on the session stream).
  func identify(uid: String)
  /// Forgets the identified user (on sign-out).
  func reset()
  /// Applies the user's consent to every sink; disabled sinks drop what they receive.
  func setEnabled(_ enabled: Bool)
}
