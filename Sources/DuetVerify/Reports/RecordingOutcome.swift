/// One recording's result as `summary.json` keeps it: enough for `explain` to say that a passing
/// recording passed (and how many steps), without a report file per recording.
struct RecordingOutcome: Codable, Equatable, Sendable {
  /// Wall time spent on it, in milliseconds.
  var durationMillis: Int
  /// The recording's name.
  var name: String
  /// True when every step matched.
  var passed: Bool
  /// Steps replayed (all of them when it passed).
  var steps: Int

  init(durationMillis: Int, name: String, passed: Bool, steps: Int) {
    self.durationMillis = durationMillis
    self.name = name
    self.passed = passed
    self.steps = steps
  }

  init(_ result: FixtureResult) {
    self.init(
      durationMillis: result.durationMillis, name: result.name, passed: result.passed,
      steps: max(result.stepCount, result.steps.count))
  }
}
