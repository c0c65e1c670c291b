import DuetCore
import DuetPlatform

/// Writes each event to the system log: the sink operators read (journald, syslog), where the
/// console sink is what a developer watches.
///
/// Two destinations, both available on Linux without Apple's `os_log`:
/// - `.standardError` (the default): one line per call, prefixed `<6>` (syslog priority "info"),
///   which systemd-journald and most container log collectors file at that level;
/// - `.syslog`: the C library's `syslog(3)` with priority `LOG_INFO`, under the process's identity.
/// The text is the console sink's (`analytics: Session Signed In {provider=email}`). It honours
/// consent like any sink.
public final class SystemLogSink: AnalyticsSink {
  /// Where the lines go.
  public enum Destination: Sendable {
    /// Standard error with a `<6>` priority prefix.
    case standardError
    /// `syslog(3)`, priority `LOG_INFO`.
    case syslog
  }

  private let consent: ConsentGate
  private let write: @Sendable (String) -> Void

  /// A system-log sink writing to `destination`; enabled until told otherwise.
  public convenience init(destination: Destination = .standardError, isEnabled: Bool = true) {
    switch destination {
    case .standardError:
      self.init(isEnabled: isEnabled) { SystemFile.write(Self.standardErrorLine($0) + "\n", to: 2) }
    case .syslog:
      self.init(isEnabled: isEnabled) { Self.writeSyslogLine($0) { vsyslog($0, $1, $2) } }
    }
  }

  /// A system-log sink handing each finished line to `write` (tests read the lines here).
  public init(isEnabled: Bool = true, write: @escaping @Sendable (String) -> Void) {
    consent = ConsentGate(isEnabled: isEnabled)
    self.write = write
  }

  /// The consent flag this sink last received.
  public var isEnabled: Bool { consent.isEnabled }

  public func track(event: TrackedEvent) { emit("analytics: " + ConsoleSink.render(event)) }

  public func identify(uid: String) { emit("analytics: identify \(uid)") }

  public func reset() { emit("analytics: reset") }

  public func setEnabled(_ enabled: Bool) { consent.setEnabled(enabled) }

  /// Hands `message` to a `vsyslog`-shaped function as the one `%s` argument, priority `LOG_INFO`.
  ///
  /// The argument is the message's C string, alive for the call: a Swift `String` in a `va_list` is
  /// not a `char *`, and `%s` would print whatever bytes its first word points at.
  static func writeSyslogLine(
    _ message: String, through log: (Int32, UnsafePointer<CChar>, CVaListPointer) -> Void
  ) {
    message.withCString { text in
      withVaList([text]) { arguments in log(LOG_INFO, "%s", arguments) }
    }
  }

  /// `<6>analytics: Session Signed In {provider=email}`: the line as written to standard error.
  public static func standardErrorLine(_ message: String) -> String { "<6>" + message }

  private func emit(_ message: String) {
    guard consent.isEnabled else { return }
    write(message)
  }
}
