/// One lane's part of a run: the platform its runner announced and one result per selected
/// recording, in manifest order.
///
/// The shape every lane-aware reporter reads (terminal, JSON, JUnit, `.runs/`, a page): a list of
/// these is the parity matrix, recordings down, platforms across.
struct LaneResult: Sendable {
  /// The handshake's `platform`.
  var platform: String
  /// One result per selected recording.
  var fixtures: [FixtureResult]
  /// This lane's runner failures, as sentences.
  var runnerFailures: [String] = []
  /// Runner slots this lane used.
  var runners = 0
  /// Which runner answered on this lane.
  var runner: RunnerIdentity?

  /// Recordings that passed on this lane.
  var passedCount: Int { fixtures.filter(\.passed).count }

  /// This lane seen as a run of its own (its recordings and runner, the run's lint, taxonomy and
  /// flags, `--lane` added to them), for the reporters that render one run: a JUnit suite, a
  /// `.runs/` lane report, `explain`.
  func run(within whole: RunResult) -> RunResult {
    var run = RunResult(
      fixtures: fixtures, lintProblems: whole.lintProblems, taxonomyFindings: whole.taxonomyFindings,
      runnerFailures: runnerFailures, runners: runners, durationMillis: whole.durationMillis, shard: whole.shard,
      runner: runner)
    run.allowsEmpty = whole.allowsEmpty
    run.runFlags = whole.runFlags.contains("--lane") ? whole.runFlags : whole.runFlags + ["--lane", platform]
    return run
  }
}
