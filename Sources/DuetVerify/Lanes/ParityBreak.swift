/// A recording green on one lane and red on another: the two cores disagree about it.
///
/// Failures that say nothing about a core (no runner could be started, the file is unreadable)
/// are not parity breaks: they are reported as what they are.
struct ParityBreak: Codable, Equatable, Sendable {
  /// The recording.
  var fixture: String
  /// Lanes it passed on.
  var passedOn: [String]
  /// Lanes it failed on.
  var failedOn: [String]
  /// The failing step on the first lane it failed on.
  var step: Int?
  /// The first divergent JSON path there, when the failure was a divergence.
  var path: String?
  /// What went wrong there.
  var reason: FixtureFailure.Reason

  /// Every parity break among `lanes`, in the first lane's recording order.
  static func find(in lanes: [LaneResult]) -> [ParityBreak] {
    guard lanes.count > 1, let first = lanes.first else { return [] }
    var byLane: [[String: FixtureResult]] = []
    for lane in lanes {
      byLane.append(Dictionary(lane.fixtures.map { ($0.name, $0) }) { earlier, _ in earlier })
    }
    var breaks: [ParityBreak] = []
    for name in first.fixtures.map(\.name) {
      var passed: [String] = []
      var failed: [(lane: String, failure: FixtureFailure)] = []
      for (index, lane) in lanes.enumerated() {
        guard let result = byLane[index][name] else { continue }
        guard let failure = result.failure else {
          passed.append(lane.platform)
          continue
        }
        if failure.reason == .notRun || failure.reason == .unreadable { continue }
        failed.append((lane.platform, failure))
      }
      guard !passed.isEmpty, let shown = failed.first else { continue }
      breaks.append(
        ParityBreak(
          fixture: name, passedOn: passed, failedOn: failed.map(\.lane), step: shown.failure.step,
          path: shown.failure.divergence?.path, reason: shown.failure.reason))
    }
    return breaks
  }
}
