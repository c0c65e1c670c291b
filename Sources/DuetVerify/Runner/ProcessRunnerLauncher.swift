/// Starts runner processes from a command; the pool calls it for the first runner of each slot and
/// again after a runner is lost.
public struct ProcessRunnerLauncher: RunnerLauncher {
  /// What to start.
  public var command: RunnerCommand
  /// Timeouts and caps.
  public var limits: RunnerLimits

  public init(command: RunnerCommand, limits: RunnerLimits) {
    self.command = command
    self.limits = limits
  }

  /// The per-request timeout (`--timeout`).
  public var requestTimeout: Double { limits.timeout }

  /// Starts the command and validates its handshake.
  public func launch() throws(RunnerStartError) -> any RunnerConnection {
    try ProcessRunnerConnection.start(command, limits: limits)
  }
}
