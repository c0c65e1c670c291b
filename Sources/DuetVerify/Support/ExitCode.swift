/// The three outcomes a CI job can branch on (cli.md).
public enum ExitCode: Int32, Sendable {
  /// The gate passed.
  case passed = 0
  /// The gate failed: a divergence, a lint error, drift, or a runner failure.
  case failed = 1
  /// The command was used wrongly, or there was nothing to verify.
  case usage = 2
}
