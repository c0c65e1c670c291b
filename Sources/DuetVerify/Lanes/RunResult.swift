/// Everything one `verify` run found: its lanes (one per runner, each with one result per
/// replayed recording and its runner failures), the lint problems and taxonomy findings of the
/// recordings, the share it replayed and the arguments it was given.
///
/// The verdict is computed here once, as a `Bool`, so every reporter (terminal, JSON, JUnit,
/// `.runs/`, HTML) agrees; how lanes are named is ``LaneNaming``'s.
struct RunResult: Sendable {
  /// The lanes, in run order (the manifest's runner first, then the `--runner`s as given); none
  /// when nothing could be replayed (a broken manifest, an empty shard).
  var lanes: [LaneResult]
  /// Every lint problem.
  var lintProblems: [LintProblem] = []
  /// Every taxonomy finding (errors fail the run, warnings do not).
  var taxonomyFindings: [TaxonomyFinding] = []
  /// The share of the corpus this run replayed (`--shard`), when it was one.
  var shard: Shard?
  /// Which CI variables chose the share (`--shard auto`), or why it is one share.
  var shardSource: String?
  /// The corpus's ``CorpusFingerprint`` when the run was one share, so `merge` joins only shards of
  /// one corpus.
  var corpusFingerprint: String?
  /// The command line the run was given, which `next:` commands repeat.
  var arguments = ParsedArguments(verb: .verify)
  /// Wall time of the whole run, in milliseconds.
  var durationMillis = 0
  /// True when replaying nothing may pass: an empty `--shard` share under `--allow-empty-shard`.
  var allowsEmpty = false

  /// The lanes a report shows: the run's, or one empty unnamed lane when nothing was replayed
  /// (a broken manifest, an empty shard), so a page still has its column and JUnit its suite.
  var shownLanes: [LaneResult] {
    lanes.isEmpty ? [LaneResult(platform: Lane.unnamedPlatform, fixtures: [])] : lanes
  }

  /// How lanes are shown: named only when there are several.
  var naming: LaneNaming { LaneNaming(laneCount: lanes.count) }

  /// Every lane's results, lane after lane.
  var fixtures: [FixtureResult] { lanes.count == 1 ? lanes[0].fixtures : lanes.flatMap(\.fixtures) }

  /// Recordings that passed, over every lane.
  var passedCount: Int { lanes.reduce(0) { $0 + $1.passedCount } }

  /// Recordings replayed, over every lane.
  var fixtureCount: Int { lanes.reduce(0) { $0 + $1.fixtures.count } }

  /// Steps sent to a runner and judged, over every lane.
  var stepsReplayed: Int { lanes.reduce(0) { $0 + $1.stepsReplayed } }

  /// Runner slots used, over every lane.
  var runners: Int { lanes.reduce(0) { $0 + $1.runners } }

  /// Every lane's runner failures, as the reports state them (named by lane when lanes are).
  var runnerFailureLines: [String] {
    let naming = naming
    return lanes.flatMap { lane in lane.runnerFailures.map { naming.runnerFailure($0, on: lane.platform) } }
  }

  /// Taxonomy findings that fail the gate.
  var taxonomyErrors: [TaxonomyFinding] { taxonomyFindings.filter { $0.severity == .error } }

  /// Recordings green on one lane and red on another.
  var parityBreaks: [ParityBreak] { ParityBreak.find(in: lanes) }

  /// The arguments that reproduce `lane` alone (``LaneNaming/arguments(_:reproducing:)``).
  func arguments(reproducing lane: LaneResult) -> ParsedArguments {
    naming.arguments(arguments, reproducing: lane.platform)
  }

  /// True only when something was replayed (or an empty share was allowed) and nothing failed.
  var passed: Bool {
    let count = fixtureCount
    return (count > 0 || allowsEmpty) && passedCount == count && lintProblems.isEmpty && taxonomyErrors.isEmpty
      && lanes.allSatisfy(\.runnerFailures.isEmpty)
  }
}
