/// One lane's part of a run: the platform its runner announced and one result per selected
/// recording, in manifest order.
///
/// The shape every reporter reads (terminal, JSON, JUnit, `.runs/`, a page): a list of these is
/// the parity matrix, recordings down, platforms across. A run with one runner is one of these.
struct LaneResult: Sendable {
  /// The handshake's `platform` (`runner` when it named none).
  var platform: String
  /// One result per selected recording.
  var fixtures: [FixtureResult]
  /// This lane's runner failures, each once.
  var runnerFailures: [RunnerFailure] = []
  /// Runner slots this lane used.
  var runners = 0
  /// Which runner answered on this lane.
  var runner: RunnerIdentity?

  /// Recordings that passed on this lane.
  var passedCount: Int {
    // By index: `filter` would copy every passed result to count it.
    var count = 0
    for index in fixtures.indices where fixtures[index].passed { count += 1 }
    return count
  }

  /// Steps sent to this lane's runners and judged. (A passed recording replayed all its steps;
  /// `verify` keeps passed results without their step list, so its count comes from `stepCount`.)
  var stepsReplayed: Int {
    var count = 0
    for index in fixtures.indices {
      let steps = fixtures[index].steps.count
      count += fixtures[index].passed ? max(fixtures[index].stepCount, steps) : steps
    }
    return count
  }

  /// True when this lane replayed something, everything passed and no runner failed.
  var passed: Bool { !fixtures.isEmpty && passedCount == fixtures.count && runnerFailures.isEmpty }
}
