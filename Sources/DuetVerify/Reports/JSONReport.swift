import DuetCore

/// `--json`: the whole run as one JSON object on stdout, for tools.
///
/// `{"fixtures":[…],"summary":{…}}` in canonical compact form (keys sorted), one line.
enum JSONReport {
  struct Document: Codable {
    var summary: RunRecord
    /// A one-lane run's results (a run with several lanes has them per lane).
    var fixtures: [FixtureResult]?
    var lanes: [LaneDocument]?
  }

  /// One lane: its platform, its own summary and its results.
  struct LaneDocument: Codable {
    var platform: String
    var summary: RunRecord
    var fixtures: [FixtureResult]
  }

  /// The object, compact, with a trailing newline; `passed` is the run's verdict.
  static func render(_ run: RunResult, passed: Bool) -> String {
    var document = Document(summary: RunRecord(run, passed: passed), fixtures: run.fixtures)
    if run.naming.namesLanes {
      document.fixtures = nil
      document.lanes = run.lanes.map {
        LaneDocument(platform: $0.platform, summary: RunRecord(lane: $0, of: run), fixtures: $0.fixtures)
      }
    }
    return ((try? CanonicalEncoder().compact(document)) ?? "{}") + "\n"
  }
}
