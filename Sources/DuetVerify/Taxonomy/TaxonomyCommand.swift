/// `duet-verify taxonomy [--markdown | --json]`: rendering and exit code, ready for the verb.
///
/// The verb's wiring (find the manifest, stream the fixtures through a `TaxonomyGate`) lives with
/// the other verbs; this is the part that turns a report into output, so the wiring stays short.
enum TaxonomyCommand {
  /// The three renderings.
  enum Format: Equatable, Sendable {
    case table
    case markdown
    case json
  }

  /// The report in `format`, and the exit code: failed when any finding is an error.
  static func render(report: TaxonomyReport, format: Format) -> (text: String, exitCode: ExitCode) {
    let text: String
    switch format {
    case .table: text = report.renderTable()
    case .markdown: text = report.renderMarkdown()
    case .json: text = report.renderJSON()
    }
    return (text, report.passed ? .passed : .failed)
  }
}
