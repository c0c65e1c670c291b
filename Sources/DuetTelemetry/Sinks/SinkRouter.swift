/// Delivers calls to a list of sinks in order, isolating each: the shared engine of the fan-out,
/// the queued sink and the deferred sink.
///
/// A sink that throws is reported and the others still get the call. A sink whose *consent* call
/// throws is quarantined: its state is unknown (it may still be enabled after the user opted out),
/// so it receives no `track`, `identify` or `reset` until a later `setEnabled` reaches it without
/// throwing. Each slot's lock (see `SinkSlot`) makes that hold for an event racing the consent
/// call on another thread, which is what keeps a broken vendor from leaking past an opt-out.
final class SinkRouter: Sendable {
  private let slots: [SinkSlot]
  private let onFailure: SinkFailureHandler

  init(_ sinks: [any AnalyticsSink], onFailure: @escaping SinkFailureHandler) {
    slots = sinks.map(SinkSlot.init)
    self.onFailure = onFailure
  }

  /// The sinks, in delivery order.
  var sinks: [any AnalyticsSink] { slots.map(\.sink) }

  /// Makes `call` on each sink in list order.
  func forward(_ call: SinkCall) {
    for slot in slots { slot.deliver(call, onFailure: onFailure) }
  }

  /// Flushes every sink that holds calls, sharing one deadline; pending counts add up.
  func flush(until deadline: FlushDeadline) -> FlushOutcome {
    var outcomes: [FlushOutcome] = []
    for case let sink as any FlushableSink in sinks { outcomes.append(sink.flush(timeout: deadline.remaining)) }
    return .combining(outcomes)
  }
}
