import DuetCore

/// A sink for tests: remembers every call it received and every event it let through.
///
/// It honours consent like any sink (a disabled recording sink records the call but not the event),
/// so a test can assert both that the fan-out delivered and that consent dropped.
public final class RecordingSink: AnalyticsSink {
  private struct Record {
    var enabled: Bool
    var calls: [SinkCall] = []
    var events: [TrackedEvent] = []
  }

  private let record: Locked<Record>
  private let onCall: (@Sendable (SinkCall) -> Void)?

  /// A recording sink; `onCall` runs after each call is recorded (to fulfil a test expectation).
  public init(isEnabled: Bool = true, onCall: (@Sendable (SinkCall) -> Void)? = nil) {
    record = Locked(Record(enabled: isEnabled))
    self.onCall = onCall
  }

  /// Every call received, in order, consent changes included.
  public var calls: [SinkCall] { record.withLock { $0.calls } }

  /// The events received while enabled: what a vendor would have seen.
  public var events: [TrackedEvent] { record.withLock { $0.events } }

  /// The consent flag this sink last received.
  public var isEnabled: Bool { record.withLock { $0.enabled } }

  public func track(event: TrackedEvent) {
    receive(.track(event)) { record in
      if record.enabled { record.events.append(event) }
    }
  }

  public func identify(uid: String) { receive(.identify(uid: uid)) }

  public func reset() { receive(.reset) }

  public func setEnabled(_ enabled: Bool) {
    receive(.setEnabled(enabled)) { $0.enabled = enabled }
  }

  private func receive(_ call: SinkCall, _ apply: (inout Record) -> Void = { _ in }) {
    record.withLock { record in
      record.calls.append(call)
      apply(&record)
    }
    onCall?(call)
  }
}
