/// Delivers calls to a list of sinks in order, isolating each: the shared engine of the fan-out,
/// the queued sink and the deferred sink.
///
/// A sink that throws is reported and the others still get the call. A sink whose *consent* call
/// throws is quarantined: its state is unknown (it may still be enabled after the user opted out),
/// so it receives no `track`, `identify` or `reset` until a later `setEnabled` reaches it without
/// throwing. That is what keeps a broken vendor from leaking events past an opt-out.
final class SinkRouter: Sendable {
  let sinks: [any AnalyticsSink]
  private let quarantined: Locked<Set<Int>>
  private let onFailure: SinkFailureHandler

  init(_ sinks: [any AnalyticsSink], onFailure: @escaping SinkFailureHandler) {
    self.sinks = sinks
    self.onFailure = onFailure
    quarantined = Locked([])
  }

  /// Makes `call` on each sink in list order.
  func forward(_ call: SinkCall) {
    let held = quarantined.current
    for (index, sink) in sinks.enumerated() {
      let isHeld = !held.isEmpty && held.contains(index)
      if isHeld, call.isGatedByConsent { continue }
      do {
        try call.deliver(to: sink)
        if isHeld { quarantined.withLock { _ = $0.remove(index) } }
      } catch {
        let quarantine = !call.isGatedByConsent
        if quarantine { quarantined.withLock { _ = $0.insert(index) } }
        onFailure(SinkFailure(sink: sink, call: call, error: error, quarantined: quarantine))
      }
    }
  }

  /// Flushes every sink that holds calls, sharing one deadline.
  func flush(timeout: Double) -> FlushOutcome {
    let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
    var outcomes: [FlushOutcome] = []
    for case let sink as any FlushableSink in sinks {
      let left = ContinuousClock.now.duration(to: deadline)
      let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
      outcomes.append(sink.flush(timeout: max(0, seconds)))
    }
    return .combining(outcomes)
  }
}
