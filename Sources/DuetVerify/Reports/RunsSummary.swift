/// `.runs/verify/summary.json` (and each lane's): every recording's result, and the run's summary.
///
/// A recording that passed has no file of its own (most recordings pass, and a file each was most
/// of what writing `.runs/` cost); its result is here. A failing one also has
/// `fixtures/<name>.json`, the full result `explain` re-renders. ``RunsResultWriter`` writes this
/// shape; any JSON tool reads it.
struct RunsSummary: Codable, Equatable, Sendable {
  /// Every recording of the run (of the lane), in the run's order.
  var results: [RecordingOutcome]
  /// The run's summary. Its `names` is left empty in the file: `results` names every recording.
  var run: RunRecord

  init(results: [RecordingOutcome], run: RunRecord) {
    self.results = results
    self.run = run
  }

  /// Every recording's outcome in `run`: with lanes, one per recording, passed when it passed on
  /// every lane (each lane's own summary has the lane's).
  static func outcomes(of run: RunResult) -> [RecordingOutcome] {
    guard let first = run.lanes.first else { return [] }
    var combined = first.fixtures.map(RecordingOutcome.init)
    // Names are indexed at the first failure on another lane: most runs (one lane, or every lane
    // passing) hash none.
    var index: [String: Int]?
    for lane in run.lanes.dropFirst() {
      for result in lane.fixtures where !result.passed {
        if index == nil {
          var names: [String: Int] = [:]
          for (at, outcome) in combined.enumerated() { names[outcome.name] = at }
          index = names
        }
        if let at = index?[result.name] { combined[at].passed = false }
      }
    }
    return combined
  }

  /// The outcome of recording `name`, when the run replayed it.
  func outcome(of name: String) -> RecordingOutcome? {
    results.first { $0.name == name }
  }
}
