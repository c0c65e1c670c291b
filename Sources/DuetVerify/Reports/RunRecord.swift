/// The machine form of a run's summary: `.runs/verify/summary.json` and the `summary` of `--json`.
///
/// Plain Codable values written through the canonical encoder, so the files are stable, diffable
/// and readable by any JSON tool.
struct RunRecord: Codable, Equatable, Sendable {
  /// `pass` or `fail`.
  var verdict: Verdict
  /// Recordings replayed (over every lane).
  var fixtures: Int
  /// Recordings that passed (over every lane).
  var passed: Int
  /// Names of recordings that failed (on some lane), in manifest order.
  var failed: [String]
  /// Every recording of the run, in manifest order.
  var names: [String]
  /// Steps replayed.
  var steps: Int
  /// Runner slots used.
  var runners: Int
  /// Wall time in milliseconds.
  var durationMillis: Int
  /// Lint problems, as `lint --json` states them.
  var lint: [LintProblem]
  /// Taxonomy findings.
  var taxonomy: [TaxonomyFinding]
  /// Runner start failures.
  var runnerFailures: [String]
  /// `K/N` when the run replayed one share of the corpus (`--shard`).
  var shard: String?
  /// Which CI variables chose the share (`--shard auto`), or why it is one share.
  var shardSource: String?
  /// The ``CorpusFingerprint`` of a share's corpus (`merge` joins only shards of one corpus).
  var corpus: String?
  /// The options the run was given, when any: `explain` repeats them in its `next:` hints.
  var flags: [String]?
  /// Which runner answered (path, handshake platform) and its build time, when the run had one lane.
  var runner: RunnerIdentity?
  /// Each lane's counts, when the run had several (their reports are `lanes/<platform>/`).
  var lanes: [LaneRecord]?
  /// Recordings green on one lane and red on another.
  var parityBreaks: [ParityBreak]?

  /// The summary of `run`, whose verdict is `passed` (the run's own unless a report it asked for
  /// failed it).
  init(_ run: RunResult, passed verdict: Bool? = nil) {
    self.verdict = Verdict(verdict ?? run.passed)
    fixtures = run.fixtureCount
    passed = run.passedCount
    // Every lane replayed the same recordings: name them once; a recording failed on any lane is
    // named once.
    names = run.lanes.first?.fixtures.map(\.name) ?? []
    var failedSomewhere: [String] = []
    var seen: Set<String> = []
    for lane in run.lanes {
      // By index: `filter` would copy every result to look at it.
      for index in lane.fixtures.indices where !lane.fixtures[index].passed {
        if seen.insert(lane.fixtures[index].name).inserted { failedSomewhere.append(lane.fixtures[index].name) }
      }
    }
    failed = failedSomewhere
    steps = run.stepsReplayed
    runners = run.runners
    durationMillis = run.durationMillis
    lint = run.lintProblems
    taxonomy = run.taxonomyFindings
    runnerFailures = run.runnerFailureLines
    shard = run.shard?.description
    shardSource = run.shardSource
    corpus = run.corpusFingerprint
    let flags = run.arguments.flags
    self.flags = flags.isEmpty ? nil : flags
    if run.naming.namesLanes {
      lanes = run.lanes.map(LaneRecord.init)
      parityBreaks = run.parityBreaks
    } else {
      runner = run.lanes.first?.runner
    }
  }

  /// The summary of one lane of `run` (`lanes/<platform>/summary.json`), read as a run of its own:
  /// its recordings and runner, the run's lint and taxonomy, and the arguments that reproduce it.
  init(lane: LaneResult, of run: RunResult) {
    var alone = run
    alone.lanes = [lane]
    alone.arguments = run.arguments(reproducing: lane)
    self.init(alone)
  }
}

/// `pass` or `fail`, as summaries store a verdict that was decided as a `Bool`.
enum Verdict: String, Codable, Equatable, Sendable {
  case pass
  case fail

  init(_ passed: Bool) { self = passed ? .pass : .fail }
}

/// One lane's counts in a run's summary.
struct LaneRecord: Codable, Equatable, Sendable {
  /// The handshake's `platform`.
  var platform: String
  /// `pass` or `fail` on this lane.
  var verdict: Verdict
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
    verdict = Verdict(lane.passed)
    failed = lane.fixtures.filter { !$0.passed }.map(\.name)
    runner = lane.runner
  }
}
