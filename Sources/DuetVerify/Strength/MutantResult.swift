/// One mutant run (or not run) and what it showed.
struct MutantResult: Codable, Sendable {
  var mutant: Mutant
  var status: MutantStatus
  /// For ``MutantStatus/killed``: the first failing recording (its name, as the manifest lists
  /// it) and the 0-based step; for a timeout or a crash, the recording it was on when known.
  var recording: String? = nil
  var step: Int? = nil
  /// What the failure said (the first divergence, the runner's failure), one line.
  var detail: String? = nil
  /// The features whose code the mutant touches (their recordings are the ones replayed).
  var features: [String]
  /// The recordings replayed with the mutant active (for a survivor: the ones that ran the code
  /// yet missed the change).
  var recordings: [String]
  /// The scenario file(s) of those features, relative to the repository: where a survivor says
  /// to add a step.
  var scenarios: [String]
  /// Wall time of this mutant's replay (and its own build, if any), in milliseconds.
  var millis: Int
  /// True when the result came from the cache (an unchanged mutant of an earlier run).
  var cached: Bool = false
}
