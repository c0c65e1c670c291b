/// What `flush(timeout:)` achieved: everything delivered, time ran out, or the flush was refused.
public enum FlushOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Every call made before the flush reached its sink.
  case drained
  /// The timeout passed with `pending` calls still waiting (they are still delivered later).
  case timedOut(pending: Int)
  /// The flush could not wait where it was called; the sentence says why and what to do.
  case refused(String)

  /// Several sinks' outcomes as one: a refusal wins, then a timeout (pending calls add up).
  public static func combining(_ outcomes: [FlushOutcome]) -> FlushOutcome {
    if let refusal = outcomes.first(where: { if case .refused = $0 { return true } else { return false } }) {
      return refusal
    }
    let pending = outcomes.reduce(0) { total, outcome in
      if case .timedOut(let count) = outcome { return total + count }
      return total
    }
    let timedOut = outcomes.contains { if case .timedOut = $0 { return true } else { return false } }
    return timedOut ? .timedOut(pending: pending) : .drained
  }

  public var description: String {
    switch self {
    case .drained: return "analytics: every queued call was delivered."
    case .timedOut(let pending):
      return "analytics: the flush timed out with \(pending) call(s) still queued; they are delivered if the process "
        + "lives on. Give the flush more time or find the slow sink."
    case .refused(let reason): return "analytics: the flush was refused: \(reason)"
    }
  }
}
