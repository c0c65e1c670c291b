/// A placeholder the composition root wires into the fan-out before the real sinks exist.
///
/// Late binding breaks construction cycles (a sink whose dependencies themselves need analytics).
/// Until `bind(to:)`, calls are buffered — the fan-out's consent seed included — and binding
/// forwards them, in order, before anything that arrives later. Calls made while the buffer is
/// being replayed wait their turn behind it. The buffer keeps at most `capacity` events; beyond
/// that new `track`/`identify`/`reset` calls are dropped (and counted), while consent changes are
/// always kept, so a late sink never receives an event its user opted out of.
public final class DeferredSink: AnalyticsSink {
  private enum Phase {
    case buffering
    case replaying
    case bound
  }

  private struct State {
    var phase = Phase.buffering
    var pending: [SinkCall] = []
    var bufferedEvents = 0
    var dropped = 0
    var downstream: [any AnalyticsSink] = []
  }

  private let state = Locked(State())
  private let capacity: Int
  private let onFailure: SinkFailureHandler

  /// A deferred sink holding up to `capacity` calls until it is bound.
  public init(capacity: Int = 1000, onFailure: @escaping SinkFailureHandler = SinkFailure.writeToStandardError) {
    self.capacity = max(0, capacity)
    self.onFailure = onFailure
  }

  /// How many calls were dropped because the buffer was full before binding.
  public var droppedBeforeBinding: Int { state.withLock { $0.dropped } }

  /// Whether `bind(to:)` has been called.
  public var isBound: Bool { state.withLock { $0.phase != .buffering } }

  /// Binds the real sinks, replays the buffer into them in order, then forwards directly.
  ///
  /// Binding happens once; a second call changes nothing and returns `false`.
  @discardableResult
  public func bind(to sinks: [any AnalyticsSink]) -> Bool {
    let claimed = state.withLock { state -> Bool in
      guard state.phase == .buffering else { return false }
      state.phase = .replaying
      state.downstream = sinks
      return true
    }
    guard claimed else { return false }
    while true {
      let batch = state.withLock { state -> [SinkCall] in
        let batch = state.pending
        state.pending = []
        state.bufferedEvents = 0
        if batch.isEmpty { state.phase = .bound }
        return batch
      }
      if batch.isEmpty { return true }
      for call in batch { forward(call, to: sinks, onFailure: onFailure) }
    }
  }

  public func track(event: TrackedEvent) { receive(.track(event)) }

  public func identify(uid: String) { receive(.identify(uid: uid)) }

  public func reset() { receive(.reset) }

  public func setEnabled(_ enabled: Bool) { receive(.setEnabled(enabled)) }

  private func receive(_ call: SinkCall) {
    let capacity = capacity
    let target = state.withLock { state -> [any AnalyticsSink]? in
      if state.phase == .bound { return state.downstream }
      if call.isGatedByConsent {
        guard state.bufferedEvents < capacity else {
          state.dropped += 1
          return nil
        }
        state.bufferedEvents += 1
      }
      state.pending.append(call)
      return nil
    }
    if let target { forward(call, to: target, onFailure: onFailure) }
  }
}
