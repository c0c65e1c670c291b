import DuetCore

/// `--json`: the whole run as one JSON object on stdout, for tools.
///
/// `{"fixtures":[…],"summary":{…}}` in canonical compact form (keys sorted), one line.
enum JSONReport {
  struct Document: Codable {
    var summary: RunRecord
    /// A one-runner run's results (a run with lanes has them per lane).
    var fixtures: [FixtureResult]?
    var lanes: [LaneDocument]?
  }

  /// One lane: its platform, its own summary and its results.
  struct LaneDocument: Codable {
    var platform: String
    var summary: RunRecord
    var fixtures: [FixtureResult]
  }

  /// The object, compact, with a trailing newline.
  static func render(_ run: RunResult) -> String {
    var document = Document(summary: RunRecord(run), fixtures: run.fixtures)
    if !run.lanes.isEmpty {
      document.fixtures = nil
      document.lanes = run.lanes.map {
        LaneDocument(platform: $0.platform, summary: RunRecord($0.run(within: run)), fixtures: $0.fixtures)
      }
    }
    return ((try? CanonicalEncoder().compact(document)) ?? "{}") + "\n"
  }
}
