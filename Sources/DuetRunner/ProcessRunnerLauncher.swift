/// Starts runner processes from a command; the pool calls it for the first runner of each slot and
/// again after a runner is lost.
package struct ProcessRunnerLauncher: RunnerLauncher {
  /// What to start.
  package var command: RunnerCommand
  /// Timeouts and caps.
  package var limits: RunnerLimits

  package init(command: RunnerCommand, limits: RunnerLimits) {
    self.command = command
    self.limits = limits
  }

  /// The per-request timeout (`--timeout`).
  package var requestTimeout: Double { limits.timeout }

  /// Starts the command and validates its handshake.
  package func launch() throws(RunnerStartError) -> any RunnerConnection {
    try ProcessRunnerConnection.start(command, limits: limits)
  }
}
