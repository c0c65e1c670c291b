/// The machine form of a run's summary: `.runs/verify/summary.json` and the `summary` of `--json`.
///
/// Plain Codable values written through the canonical encoder, so the files are stable, diffable
/// and readable by any JSON tool.
struct RunRecord: Codable, Equatable, Sendable {
  /// `pass` or `fail`.
  var verdict: String
  /// Recordings replayed.
  var fixtures: Int
  /// Recordings that passed.
  var passed: Int
  /// Names of recordings that failed, in manifest order.
  var failed: [String]
  /// Every recording of the run, in manifest order.
  var names: [String]
  /// Steps replayed.
  var steps: Int
  /// Runner slots used.
  var runners: Int
  /// Wall time in milliseconds.
  var durationMillis: Int
  /// Lint problems, one line each.
  var lint: [String]
  /// Taxonomy findings.
  var taxonomy: [FindingRecord]
  /// Runner start failures.
  var runnerFailures: [String]
  /// `K/N` when the run replayed one share of the corpus (`--shard`).
  var shard: String?
  /// The options the run was given, when any: `explain` repeats them in its `next:` hints.
  var flags: [String]?
  /// Which runner answered (path, handshake platform) and its build time, when known.
  var runner: RunnerIdentity?
  /// Each lane's counts, when the run had several (their reports are `lanes/<platform>/`).
  var lanes: [LaneRecord]?
  /// Recordings green on one lane and red on another.
  var parityBreaks: [ParityBreak]?

  init(_ run: RunResult) {
    verdict = run.passed ? "pass" : "fail"
    fixtures = run.fixtures.count
    passed = run.passedCount
    // By index: `filter` would copy every result to look at it.
    failed = run.fixtures.indices.filter { !run.fixtures[$0].passed }.map { run.fixtures[$0].name }
    names = run.fixtures.map(\.name)
    steps = run.stepsReplayed
    runners = run.runners
    durationMillis = run.durationMillis
    lint = run.lintProblems.map(\.description)
    taxonomy = run.taxonomyFindings.map(FindingRecord.init)
    runnerFailures = run.runnerFailures
    shard = run.shard?.description
    flags = run.runFlags.isEmpty ? nil : run.runFlags
    runner = run.runner
    if !run.lanes.isEmpty {
      lanes = run.lanes.map(LaneRecord.init)
      parityBreaks = run.parityBreaks
      // Every lane replayed the same recordings: name them once.
      names = run.lanes[0].fixtures.map(\.name)
      var failedSomewhere: [String] = []
      for name in run.fixtures.filter({ !$0.passed }).map(\.name) where !failedSomewhere.contains(name) {
        failedSomewhere.append(name)
      }
      failed = failedSomewhere
    }
  }
}

/// One lane's counts in a run's summary.
struct LaneRecord: Codable, Equatable, Sendable {
  /// The handshake's `platform`.
  var platform: String
  /// `pass` or `fail` on this lane.
  var verdict: String
  /// Recordings replayed on this lane.
  var fixtures: Int
  /// Recordings that passed on this lane.
  var passed: Int
  /// Names of recordings that failed on this lane.
  var failed: [String]
  /// Which runner answered.
  var runner: RunnerIdentity?

  init(_ lane: LaneResult) {
    platform = lane.platform
    passed = lane.passedCount
    fixtures = lane.fixtures.count
    verdict = passed == fixtures && lane.runnerFailures.isEmpty && fixtures > 0 ? "pass" : "fail"
    failed = lane.fixtures.filter { !$0.passed }.map(\.name)
    runner = lane.runner
  }
}

/// A taxonomy finding as stored and printed by machines.
struct FindingRecord: Codable, Equatable, Sendable {
  /// `error` or `warning`.
  var severity: String
  /// The sentence.
  var message: String
  /// The recording it was found in.
  var fixture: String?
  /// The step.
  var step: Int?
  /// The JSON path.
  var path: String?
  /// The manifest line.
  var manifestLine: Int?

  init(_ finding: TaxonomyFinding) {
    severity = finding.severity == .error ? "error" : "warning"
    message = finding.message
    fixture = finding.fixture
    step = finding.step
    path = finding.path
    manifestLine = finding.manifestLine
  }
}
