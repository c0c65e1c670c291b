/// What a ``CorpusScan`` found: lint's problems and the taxonomy, the same for every verb.
struct CorpusScanResult: Sendable {
  /// Every lint problem, with the counts of recordings checked and unreadable.
  var lint: LintResult
  /// The taxonomy read out of the recordings, with the gate's findings.
  var taxonomy: TaxonomyReport

  /// The taxonomy gate's findings (errors and warnings).
  var findings: [TaxonomyFinding] { taxonomy.findings }
}
