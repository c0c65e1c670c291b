import DuetCore

/// `lint --json`: the lint verdict as one JSON object on stdout, for tools and editors.
///
/// `{"features":N,"fixtures":N,"passed":…,"problems":[{"file","line","column","message"}]}`,
/// canonical compact, one line; absent line or column are left out.
enum LintJSONReport {
  struct Document: Encodable {
    var passed: Bool
    var features: Int
    var fixtures: Int
    var problems: [LintProblem]
  }

  static func render(_ lint: LintResult, manifest: Manifest) -> String {
    let problems = lint.problems
    let document = Document(
      passed: problems.isEmpty, features: manifest.features.count,
      fixtures: manifest.listedFixtures.count, problems: problems)
    return ((try? CanonicalEncoder().compact(document)) ?? "{}") + "\n"
  }
}
