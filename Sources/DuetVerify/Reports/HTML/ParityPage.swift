/// What `verify --html FILE` shows, as a value: every lane's results, the rows of the matrix, the
/// taxonomy, and what failed outside the recordings.
///
/// The renderer (`HTMLReport`) only formats this, and reads lanes as a list: a run with one runner
/// is one lane (named by its handshake's `platform`), a run with a runner per platform one lane
/// each.
struct ParityPage: Sendable {
  /// One runner's results: a column of the matrix.
  struct Column: Sendable {
    /// The handshake's `platform` (`swift`, `kotlin`), or a stand-in when the runner named none.
    var platform: String
    /// One result per replayed recording, in manifest order.
    var results: [FixtureResult]
    /// The arguments that reproduce this lane, repeated in each failure's `next:` command.
    var arguments = ParsedArguments.none
  }

  /// The columns, in run order.
  var lanes: [Column]
  /// The rows: features in manifest order, then chains when chain recordings were replayed.
  var rows: [Row]
  /// The taxonomy as the recordings state it (absent when the manifest could not be read).
  var taxonomy: TaxonomyReport?
  /// Lint problems, as sentences.
  var lintProblems: [String] = []
  /// Taxonomy errors, as sentences.
  var taxonomyErrors: [String] = []
  /// Runner start failures, as sentences.
  var runnerFailures: [String] = []
  /// Recordings green on one lane and red on another.
  var parityBreaks: [ParityBreak] = []
  /// The run's verdict, as every other report states it.
  var passed: Bool
  /// `shard 1 of 2`, when the run replayed one share.
  var shard: Shard?

  /// A row of the matrix: one feature's leaf recordings, or every chain recording (a chain has no
  /// one owner). An enum, so a feature that happens to be named `chains` keeps its own row.
  enum Row: Hashable, Sendable {
    case feature(String)
    case chains

    /// The row `result` belongs to.
    init(_ result: FixtureResult) {
      if result.kind != .chain, let feature = result.feature { self = .feature(feature) } else { self = .chains }
    }
  }
}

extension ParityPage {
  /// The page of `run`: a column per lane, rows in the manifest's feature order (features with
  /// no replayed recording left out); `passed` is the run's verdict.
  init(run: RunResult, features: [String], taxonomy: TaxonomyReport?, passed: Bool? = nil) {
    let lanes = run.shownLanes.map {
      Column(platform: $0.platform, results: $0.fixtures, arguments: run.arguments(reproducing: $0))
    }
    self.init(
      lanes: lanes, rows: Self.rows(features: features, lanes: lanes), taxonomy: taxonomy,
      lintProblems: run.lintProblems.map(\.description), taxonomyErrors: run.taxonomyErrors.map(\.message),
      runnerFailures: run.runnerFailureLines, parityBreaks: run.parityBreaks, passed: passed ?? run.passed,
      shard: run.shard)
  }

  /// The features in `features` order that some lane replayed, then any other owner seen, then
  /// the chains row when a chain was replayed.
  static func rows(features: [String], lanes: [Column]) -> [Row] {
    var seen: Set<Row> = []
    var owners: [Row] = []
    for lane in lanes {
      for result in lane.results where seen.insert(Row(result)).inserted { owners.append(Row(result)) }
    }
    var rows = features.map(Row.feature).filter(seen.contains)
    rows += owners.filter { $0 != .chains && !rows.contains($0) }
    if seen.contains(.chains) { rows.append(.chains) }
    return rows
  }
}
