import Foundation

/// A sink threw: which sink, on which call, why, and whether it is now quarantined.
///
/// Reported rather than rethrown because call sites only say what happened; the composition root
/// decides where sink trouble goes (a log, a crash reporter) through a `SinkFailureHandler`.
public struct SinkFailure: Sendable, CustomStringConvertible {
  /// The sink's type name (`ConsoleSink`).
  public var sink: String
  /// The call that failed.
  public var call: SinkCall
  /// What the sink's error said.
  public var reason: String
  /// Whether the failed call was a consent change, so the sink now receives nothing but consent
  /// calls until one of them succeeds (its own flag may not reflect the user's choice).
  public var quarantined: Bool

  /// A failure report, for handlers and tests.
  public init(sink: String, call: SinkCall, reason: String, quarantined: Bool = false) {
    self.sink = sink
    self.call = call
    self.reason = reason
    self.quarantined = quarantined
  }

  init(sink: any AnalyticsSink, call: SinkCall, error: any Error, quarantined: Bool) {
    self.init(
      sink: String(describing: type(of: sink)), call: call, reason: String(describing: error), quarantined: quarantined)
  }

  /// A full sentence for a log line.
  public var description: String {
    if quarantined {
      return "analytics: the sink \(sink) failed on \(call): \(reason). It is quarantined: it receives no events "
        + "until a later consent call reaches it without failing, so an opt-out cannot leak through it. "
        + "The other sinks were not affected; fix or remove this sink."
    }
    return
      "analytics: the sink \(sink) failed on \(call): \(reason). The other sinks were not affected; fix or remove this sink."
  }

  /// The default handler: standard error, rate-limited (the first failure of each sink and call,
  /// then at most one line a minute with the count of those not printed).
  public static let writeToStandardError: SinkFailureHandler = SinkFailureLog().handler
}

/// Where sink failures are reported.
public typealias SinkFailureHandler = @Sendable (SinkFailure) -> Void
