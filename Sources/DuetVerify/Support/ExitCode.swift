/// The three outcomes a CI job can branch on (docs/commands.md). Public because `DuetVerifyCLI.run` returns
/// it: an embedding program branches on it as a CI job does on the exit status.
public enum ExitCode: Int32, Sendable {
  /// The gate passed.
  case passed = 0
  /// The gate failed: a divergence, a lint error, drift, or a runner failure.
  case failed = 1
  /// The command was used wrongly, or there was nothing to verify.
  case usage = 2
}
