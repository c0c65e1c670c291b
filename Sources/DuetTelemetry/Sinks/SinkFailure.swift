import DuetCore
import DuetPlatform

/// A sink threw, or the fan-out refused an event: which sink, on which call, why, and whether the
/// sink is now quarantined.
///
/// Reported rather than rethrown because call sites only say what happened; the composition root
/// decides where sink trouble goes (a log, a crash reporter) through a `SinkFailureHandler`.
public struct SinkFailure: Sendable, CustomStringConvertible {
  /// The sink's type name (`ConsoleSink`).
  public var sink: String
  /// Which sink of that type: a number unique in the process for each place a sink is wired, so
  /// two sinks of one type are logged (and rate-limited) separately. `0` when not known.
  public var instance: Int
  /// The call that failed.
  public var call: SinkCall
  /// What the sink's error said.
  public var reason: String
  /// Whether the failed call was a consent change, so the sink now receives nothing but consent
  /// calls until one of them succeeds (its own flag may not reflect the user's choice).
  public var quarantined: Bool
  /// Whether no sink was involved: the fan-out refused the event before any sink saw it (a name
  /// the taxonomy grammar forbids), and `reason` says why.
  public var refused: Bool

  /// A failure report, for handlers and tests.
  public init(
    sink: String, instance: Int = 0, call: SinkCall, reason: String, quarantined: Bool = false, refused: Bool = false
  ) {
    self.sink = sink
    self.instance = instance
    self.call = call
    self.reason = reason
    self.quarantined = quarantined
    self.refused = refused
  }

  init(sink: any AnalyticsSink, instance: Int, call: SinkCall, error: any Error, quarantined: Bool) {
    self.init(
      sink: String(describing: type(of: sink)), instance: instance, call: call, reason: String(describing: error),
      quarantined: quarantined)
  }

  /// A full sentence for a log line.
  public var description: String {
    if refused {
      return "analytics: refused to \(call.kindName) \(Self.quotedName(of: call)): \(reason). No sink received it; "
        + "fix the subject or verb where the event is built."
    }
    if quarantined {
      return "analytics: the sink \(sink) failed on \(call): \(reason). It is quarantined: it receives no events "
        + "until a later consent call reaches it without failing, so an opt-out cannot leak through it. "
        + "The other sinks were not affected; fix or remove this sink."
    }
    return
      "analytics: the sink \(sink) failed on \(call): \(reason). The other sinks were not affected; fix or remove this sink."
  }

  /// The tracked name as a JSON string, so a newline or control character in it stays visible.
  private static func quotedName(of call: SinkCall) -> String {
    guard case .track(let event) = call else { return call.description }
    return CanonicalWriter.quoted(event.encodedName())
  }

  /// The default handler: standard error, rate-limited (the first failure of each sink and call,
  /// then at most one line a minute with the count of those not printed).
  public static let writeToStandardError: SinkFailureHandler = SinkFailureLog().handler
}

/// Where sink failures are reported.
public typealias SinkFailureHandler = @Sendable (SinkFailure) -> Void
