import DuetCore
import DuetPlatform

/// A failure handler that cannot flood a log: a sink failing on every event prints one line, not
/// one per event.
///
/// The first failure of each sink (each wired instance, not each type name) and call kind (`track`, `identify`, …) is printed at once; later
/// ones within `interval` are only counted, and the next one printed after it says how many were
/// held back. Hand `handler` to a fan-out, a queued or a deferred sink.
public final class SinkFailureLog: Sendable {
  private struct Window {
    var openedAt: Date
    var held = 0
  }

  private let interval: TimeInterval
  private let now: @Sendable () -> Date
  private let write: @Sendable (String) -> Void
  private let windows = Locked([String: Window]())

  /// A log printing through `write` (standard error by default), at most one line per sink and
  /// call kind per `interval` seconds; `now` is injectable for tests.
  public init(
    interval: TimeInterval = 60, now: @escaping @Sendable () -> Date = { Date() },
    write: @escaping @Sendable (String) -> Void = { SinkFailureLog.standardError($0) }
  ) {
    self.interval = interval
    self.now = now
    self.write = write
  }

  /// Writes `line` and a newline to standard error: the default `write`.
  @usableFromInline
  static func standardError(_ line: String) {
    SystemFile.write(line + "\n", to: 2)
  }

  /// The handler to give a sink.
  public var handler: SinkFailureHandler { { [self] failure in report(failure) } }

  /// Prints `failure` unless one like it was printed less than `interval` ago.
  public func report(_ failure: SinkFailure) {
    let key =
      "\(failure.sink)#\(failure.instance).\(failure.call.kindName)" + (failure.quarantined ? ".quarantined" : "")
    let time = now()
    let heldBack = windows.withLock { windows -> Int? in
      if var window = windows[key], time.timeIntervalSince(window.openedAt) < interval {
        window.held += 1
        windows[key] = window
        return nil
      }
      let held = windows[key]?.held ?? 0
      windows[key] = Window(openedAt: time)
      return held
    }
    guard let heldBack else { return }
    var line = failure.description
    if heldBack > 0 {
      line += " (\(heldBack) more failure(s) like it in the last \(Int(interval)) s were not printed.)"
    }
    write(line)
  }
}
