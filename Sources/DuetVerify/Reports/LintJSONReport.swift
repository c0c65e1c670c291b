import DuetCore

/// `lint --json`: the lint verdict as one JSON object on stdout, for tools and editors.
///
/// `{"features":N,"fixtures":N,"passed":…,"problems":[{"file","line","column","message"}]}`,
/// canonical compact, one line; absent line or column are left out.
enum LintJSONReport {
  struct Problem: Encodable {
    var file: String
    var line: Int?
    var column: Int?
    var message: String
  }

  struct Document: Encodable {
    var passed: Bool
    var features: Int
    var fixtures: Int
    var problems: [Problem]
  }

  static func render(_ lint: LintResult, manifest: Manifest) -> String {
    let problems = lint.problems.map {
      Problem(file: $0.file, line: $0.line, column: $0.column, message: $0.message)
    }
    let document = Document(
      passed: problems.isEmpty, features: manifest.features.count,
      fixtures: manifest.listedFixtures.count, problems: problems)
    return ((try? CanonicalEncoder().compact(document)) ?? "{}") + "\n"
  }
}
