import DuetCore
import DuetPlatform

/// One sink in a router's list, with what the router knows about it: its identity in failure
/// reports, whether it is quarantined, and the lock that makes consent a barrier for it.
///
/// A sink the library does not own (a console, a vendor SDK) receives one call at a time through
/// its slot's lock, so a consent change cannot overlap an event on its way in: once the change
/// has been delivered (or has failed and quarantined the sink), every later event sees it, and
/// every earlier one has finished. The lock is recursive, so a sink that emits from inside a call
/// does not deadlock. The library's own holding sinks (`QueuedSink`, `DeferredSink`, a nested
/// `AnalyticsFanOut`) order consent against events themselves, so their slots take no lock and a
/// caller never waits behind another caller there.
final class SinkSlot: @unchecked Sendable {
  let sink: any AnalyticsSink
  /// A number no other slot in the process has: failure logs are kept per sink, not per type.
  let id: Int
  private let lock: SystemLock?
  // Guarded by `lock` (or only touched through consent calls, which the fan-out serialises).
  private var quarantined = false

  private static let ids = Locked(0)

  init(_ sink: any AnalyticsSink) {
    self.sink = sink
    id = Self.newID()
    lock = sink is any ConsentOrderingSink ? nil : SystemLock(recursive: true)
  }

  /// A fresh identity for failure reports (also the fan-out's own, for the events it refuses).
  static func newID() -> Int {
    ids.withLock { next in
      next += 1
      return next
    }
  }

  /// Makes `call` on the sink unless it is quarantined, reporting a throw through `onFailure`.
  func deliver(_ call: SinkCall, onFailure: SinkFailureHandler) {
    lock?.lock()
    defer { lock?.unlock() }
    if quarantined, call.isGatedByConsent { return }
    do {
      try call.deliver(to: sink)
      if quarantined, !call.isGatedByConsent { quarantined = false }
    } catch {
      let quarantine = !call.isGatedByConsent
      if quarantine { quarantined = true }
      onFailure(SinkFailure(sink: sink, instance: id, call: call, error: error, quarantined: quarantine))
    }
  }
}
