import Dispatch
import DuetRunner

/// Compiles every target through the runner pool, one `scenarios` request per target.
///
/// Nothing is written here: `record` compiles everything first and writes only once every answer is
/// in, so a runner that crashes or hangs halfway leaves the fixtures folder exactly as it was.
struct ScenarioCompilation: Sendable {
  /// The runner processes (the same pool, and the same engine, `verify` uses).
  var pool: RunnerPool

  /// What the compilation produced.
  struct Outcome: Sendable {
    /// One outcome per target, in the order given.
    var targets: [TargetOutcome]
    /// Runner processes used.
    var runners: Int
    /// Runners whose reply stream was out of step when closed: nothing they compiled is trusted.
    var streamFailures: [RunnerStreamError] = []
    /// Wall time in milliseconds.
    var durationMillis: Int
  }

  /// Compiles `targets`, then refuses recordings that two targets (or one target twice) produce.
  /// One request in flight per runner: each reply may carry a whole feature's recordings.
  func run(_ targets: [RecordTarget]) -> Outcome {
    let started = DispatchTime.now().uptimeNanoseconds
    let outcomes = JobOutputs<TargetOutcome>(count: targets.count)
    let run = pool.runPipelined(
      jobCount: targets.count, depth: 1,
      prepare: { ScenarioConversation(target: targets[$0], index: $0, outcomes: outcomes) })
    return Outcome(
      targets: Self.refuseDuplicates(outcomes.inOrder()), runners: run.slots, streamFailures: run.streamFailures,
      durationMillis: Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
  }

  /// A recording name may come from one target only; a later target that repeats it fails.
  static func refuseDuplicates(_ outcomes: [TargetOutcome]) -> [TargetOutcome] {
    var owners: [String: RecordTarget] = [:]
    var result: [TargetOutcome] = []
    for outcome in outcomes {
      guard let fixtures = outcome.fixtures else {
        result.append(outcome)
        continue
      }
      var clash: String?
      var names: [String: RecordTarget] = [:]
      for fixture in fixtures {
        if let other = owners[fixture.name] ?? names[fixture.name] {
          let who = other == outcome.target ? "twice" : "as \(other.display) does"
          clash =
            "\(outcome.target.display) produces the recording '\(fixture.name)' \(who); each recording comes from "
            + "one scenario path. Rename one of the scenarios or branches"
          break
        }
        names[fixture.name] = outcome.target
      }
      if let clash {
        result.append(TargetOutcome(target: outcome.target, result: .scenarioFailed(clash)))
      } else {
        owners.merge(names) { first, _ in first }
        result.append(outcome)
      }
    }
    return result
  }
}
