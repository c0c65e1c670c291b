import DuetRunner

/// What one replayed recording says about the active mutant: a divergent step kills it, the
/// runner not answering within the per-mutant timeout is a `Timeout`, any other runner failure
/// (a crash, an exit, a runner that could not start) a `RuntimeError`; a pass says nothing.
struct MutantVerdict: Equatable, Sendable {
  var status: MutantStatus
  var recording: String
  var step: Int?
  var detail: String?

  /// The verdict of `result` (replayed with per-request `timeout` seconds); nil when it passed.
  static func of(_ result: FixtureResult, timeout: Double) -> MutantVerdict? {
    guard let failure = result.failure else { return nil }
    let status: MutantStatus
    switch failure.reason {
    case .stateDiverged, .effectsDiverged, .seamBroken, .runnerError: status = .killed
    case .runnerFault:
      let timedOut = RunnerFault.timedOut(seconds: timeout).description
      status = (failure.detail ?? "").hasPrefix(timedOut) ? .timeout : .runtimeError
    case .featureNotServed, .unreadable, .notRun: status = .runtimeError
    }
    return MutantVerdict(
      status: status, recording: result.name, step: failure.step, detail: Self.line(failure))
  }

  /// The failure in one line: the first divergent path, else the failure's sentence.
  private static func line(_ failure: FixtureFailure) -> String? {
    if let divergence = failure.divergence {
      return "\(divergence.path): expected \(divergence.expected), got \(divergence.actual)".printable
    }
    return failure.detail.map { String($0.split(separator: "\n").first ?? "") }
  }
}
