/// The machine form of a run's summary: `.runs/verify/summary.json` and the `summary` of `--json`.
///
/// Plain Codable values written through the canonical encoder, so the files are stable, diffable
/// and readable by any JSON tool.
public struct RunRecord: Codable, Equatable, Sendable {
  /// `pass` or `fail`.
  public var verdict: String
  /// Recordings replayed.
  public var fixtures: Int
  /// Recordings that passed.
  public var passed: Int
  /// Names of recordings that failed, in manifest order.
  public var failed: [String]
  /// Every recording of the run, in manifest order.
  public var names: [String]
  /// Steps replayed.
  public var steps: Int
  /// Runner slots used.
  public var runners: Int
  /// Wall time in milliseconds.
  public var durationMillis: Int
  /// Lint problems, one line each.
  public var lint: [String]
  /// Taxonomy findings.
  public var taxonomy: [FindingRecord]
  /// Runner start failures.
  public var runnerFailures: [String]
  /// `K/N` when the run replayed one share of the corpus (`--shard`).
  public var shard: String?
  /// The options the run was given, when any: `explain` repeats them in its `next:` hints.
  public var flags: [String]?
  /// Which runner answered (path, handshake platform) and its build time, when known.
  public var runner: RunnerIdentity?
  /// Each lane's counts, when the run had several (their reports are `lanes/<platform>/`).
  public var lanes: [LaneRecord]?
  /// Recordings green on one lane and red on another.
  public var parityBreaks: [ParityBreak]?

  public init(_ run: RunResult) {
    verdict = run.passed ? "pass" : "fail"
    fixtures = run.fixtures.count
    passed = run.passedCount
    failed = run.fixtures.filter { !$0.passed }.map(\.name)
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
public struct LaneRecord: Codable, Equatable, Sendable {
  /// The handshake's `platform`.
  public var platform: String
  /// `pass` or `fail` on this lane.
  public var verdict: String
  /// Recordings replayed on this lane.
  public var fixtures: Int
  /// Recordings that passed on this lane.
  public var passed: Int
  /// Names of recordings that failed on this lane.
  public var failed: [String]
  /// Which runner answered.
  public var runner: RunnerIdentity?

  public init(_ lane: LaneResult) {
    platform = lane.platform
    passed = lane.passedCount
    fixtures = lane.fixtures.count
    verdict = passed == fixtures && lane.runnerFailures.isEmpty && fixtures > 0 ? "pass" : "fail"
    failed = lane.fixtures.filter { !$0.passed }.map(\.name)
    runner = lane.runner
  }
}

/// A taxonomy finding as stored and printed by machines.
public struct FindingRecord: Codable, Equatable, Sendable {
  /// `error` or `warning`.
  public var severity: String
  /// The sentence.
  public var message: String
  /// The recording it was found in.
  public var fixture: String?
  /// The step.
  public var step: Int?
  /// The JSON path.
  public var path: String?
  /// The manifest line.
  public var manifestLine: Int?

  public init(_ finding: TaxonomyFinding) {
    severity = finding.severity == .error ? "error" : "warning"
    message = finding.message
    fixture = finding.fixture
    step = finding.step
    path = finding.path
    manifestLine = finding.manifestLine
  }
}
