import Foundation

/// A sink threw: which sink, on which call, and why.
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

  /// A failure report, for handlers and tests.
  public init(sink: String, call: SinkCall, reason: String) {
    self.sink = sink
    self.call = call
    self.reason = reason
  }

  init(sink: any AnalyticsSink, call: SinkCall, error: any Error) {
    self.init(sink: String(describing: type(of: sink)), call: call, reason: String(describing: error))
  }

  /// A full sentence for a log line.
  public var description: String {
    "analytics: the sink \(sink) failed on \(call): \(reason). The other sinks were not affected; fix or remove this sink."
  }

  /// The default handler: one line on standard error.
  public static let writeToStandardError: SinkFailureHandler = { failure in
    FileHandle.standardError.write(Data((failure.description + "\n").utf8))
  }
}

/// Where sink failures are reported.
public typealias SinkFailureHandler = @Sendable (SinkFailure) -> Void

/// Makes `call` on each sink in list order; a sink that throws is reported and skipped.
func forward(_ call: SinkCall, to sinks: [any AnalyticsSink], onFailure: SinkFailureHandler) {
  for sink in sinks {
    do {
      try call.deliver(to: sink)
    } catch {
      onFailure(SinkFailure(sink: sink, call: call, error: error))
    }
  }
}
