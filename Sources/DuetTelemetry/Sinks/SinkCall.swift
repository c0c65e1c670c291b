/// One call on a sink, as a value.
///
/// Calls become values where they must wait (a deferred sink's buffer, a queued sink's executor),
/// be recorded (the recording sink) or be named in a failure report.
public enum SinkCall: Hashable, Sendable, CustomStringConvertible {
  /// `track(event:)`.
  case track(TrackedEvent)
  /// `identify(uid:)`.
  case identify(uid: String)
  /// `reset()`.
  case reset
  /// `setEnabled(_:)`.
  case setEnabled(Bool)

  /// Makes this call on `sink`.
  public func deliver(to sink: any AnalyticsSink) throws {
    switch self {
    case .track(let event): try sink.track(event: event)
    case .identify(let uid): try sink.identify(uid: uid)
    case .reset: try sink.reset()
    case .setEnabled(let enabled): try sink.setEnabled(enabled)
    }
  }

  /// Whether consent can drop this call (everything but `setEnabled` itself).
  var isGatedByConsent: Bool {
    if case .setEnabled = self { return false }
    return true
  }

  /// The call's name without its arguments (`track`, `identify`, `reset`, `setEnabled`).
  public var kindName: String {
    switch self {
    case .track: return "track"
    case .identify: return "identify"
    case .reset: return "reset"
    case .setEnabled: return "setEnabled"
    }
  }

  /// `track 'Session Signed In'`, `identify`, `reset`, `setEnabled(false)`. The user id is left
  /// out on purpose: failure reports end up in logs.
  public var description: String {
    switch self {
    case .track(let event): return "track '\(event.encodedName())'"
    case .identify: return "identify"
    case .reset: return "reset"
    case .setEnabled(let enabled): return "setEnabled(\(enabled))"
    }
  }
}
