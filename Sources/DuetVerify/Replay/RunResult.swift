/// Everything one `verify` run found: lint problems, taxonomy findings, runner start failures and
/// one result per replayed recording.
///
/// The verdict is computed here once, so every reporter (terminal, JSON, JUnit, `.runs/`) agrees.
struct RunResult: Sendable {
  /// One result per selected recording, in manifest order.
  var fixtures: [FixtureResult]
  /// Every lint problem.
  var lintProblems: [LintProblem] = []
  /// Every taxonomy finding (errors fail the run, warnings do not).
  var taxonomyFindings: [TaxonomyFinding] = []
  /// Runner start failures, as sentences (one per retired slot, duplicates removed).
  var runnerFailures: [String] = []
  /// Runner slots used.
  var runners = 0
  /// Wall time of the whole run, in milliseconds.
  var durationMillis = 0
  /// The share of the corpus this run replayed (`--shard`), when it was one.
  var shard: Shard?
  /// True when replaying nothing may pass: an empty `--shard` share under `--allow-empty-shard`.
  var allowsEmpty = false
  /// The options the run was given (`ParsedArguments.flags`), which `next:` hints repeat.
  var runFlags: [String] = []
  /// Which runner answered and how long its build took (apart from `durationMillis`), when known.
  var runner: RunnerIdentity?
  /// Each lane's results when the run had several runners (one per platform); empty for a run with
  /// one runner, which reports as it always did. `fixtures`, `runnerFailures` and `runners` then
  /// hold every lane's, so the verdict counts them all.
  var lanes: [LaneResult] = []

  /// The run as a list of lanes, always: its `lanes`, or its one runner's results as one lane
  /// named by that runner's platform (for reporters that draw every run as lanes).
  var laneList: [LaneResult] {
    if !lanes.isEmpty { return lanes }
    return [
      LaneResult(
        platform: runner?.platform ?? "runner", fixtures: fixtures, runnerFailures: runnerFailures, runners: runners,
        runner: runner)
    ]
  }

  /// Recordings green on one lane and red on another.
  var parityBreaks: [ParityBreak] { ParityBreak.find(in: lanes) }

  /// Recordings that passed.
  var passedCount: Int {
    // By index: `filter` would copy every passed result to count it.
    var count = 0
    for index in fixtures.indices where fixtures[index].passed { count += 1 }
    return count
  }
  /// Steps sent to a runner and judged. (A passed recording replayed all its steps; `verify` keeps
  /// passed results without their step list, so its count comes from `stepCount`.)
  var stepsReplayed: Int {
    var count = 0
    for index in fixtures.indices {
      let steps = fixtures[index].steps.count
      count += fixtures[index].passed ? max(fixtures[index].stepCount, steps) : steps
    }
    return count
  }
  /// Taxonomy findings that fail the gate.
  var taxonomyErrors: [TaxonomyFinding] { taxonomyFindings.filter { $0.severity == .error } }

  /// True only when something was replayed (or an empty share was allowed) and nothing failed.
  var passed: Bool {
    (!fixtures.isEmpty || allowsEmpty) && passedCount == fixtures.count && lintProblems.isEmpty
      && taxonomyErrors.isEmpty
      && runnerFailures.isEmpty
  }
}
