import DuetRunner

@testable import DuetVerify

/// Runs as the report tests build them: one lane of results, with the run's verdict stated by the
/// run itself (no requested report failed it).
extension RunResult {
  init(
    fixtures: [FixtureResult], lintProblems: [LintProblem] = [], taxonomyFindings: [TaxonomyFinding] = [],
    runnerFailures: [RunnerFailure] = [], runners: Int = 0, durationMillis: Int = 0, shard: Shard? = nil,
    runner: RunnerIdentity? = nil
  ) {
    self.init(
      lanes: [
        LaneResult(
          platform: runner?.platform ?? Lane.unnamedPlatform, fixtures: fixtures, runnerFailures: runnerFailures,
          runners: runners, runner: runner)
      ], lintProblems: lintProblems, taxonomyFindings: taxonomyFindings, shard: shard, durationMillis: durationMillis)
  }
}

extension HumanReport {
  static func render(_ run: RunResult, style: TerminalStyle, quiet: Bool) -> String {
    render(run, passed: run.passed, style: style, quiet: quiet)
  }
}

extension JSONReport {
  static func render(_ run: RunResult) -> String { render(run, passed: run.passed) }
}

extension JUnitReport {
  static func render(_ run: RunResult) -> String {
    render(VerifyTestSuites.suites(run), grouped: run.naming.namesLanes)
  }
}

extension ParsedArguments {
  /// `words` read as a `verify` command line's options.
  static func verify(_ words: [String]) throws -> ParsedArguments {
    try ParsedArguments.read(words[...], for: .verify)
  }
}
