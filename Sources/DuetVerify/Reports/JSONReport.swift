import DuetCore

/// `--json`: the whole run as one JSON object on stdout, for tools.
///
/// `{"fixtures":[…],"summary":{…}}` in canonical compact form (keys sorted), one line.
enum JSONReport {
  struct Document: Codable {
    var summary: RunRecord
    var fixtures: [FixtureResult]
  }

  /// The object, compact, with a trailing newline.
  static func render(_ run: RunResult) -> String {
    let document = Document(summary: RunRecord(run), fixtures: run.fixtures)
    return ((try? CanonicalEncoder().compact(document)) ?? "{}") + "\n"
  }
}
