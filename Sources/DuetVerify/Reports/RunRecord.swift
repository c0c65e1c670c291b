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
