import DuetRunner

/// One platform's runner in a run, and the pool it replays on. A run is always a list of one or
/// more lanes; each lane replays every selected recording in a pool of its own.
struct Lane {
  /// The platform its handshake announced when it was started to name the lane (a run with
  /// several runners); nil for a lone runner, whose platform the run's own handshakes report.
  var platform: String?
  /// The runner, its limits, pool size and build.
  var runner: RunnerSetup.Choice
  /// The `--runner` value that named it; `nil` for the manifest's `replayRunner` package.
  var given: String? = nil

  /// This lane's pool.
  var pool: RunnerPool { runner.pool }

  /// Seconds allowed per request.
  var timeout: Double { runner.limits.timeout }

  /// Which runner it is, for the summary (read after the run: a lone runner's platform comes from
  /// its handshake).
  var identity: RunnerIdentity {
    var identity = runner.identity
    if let platform { identity.platform = platform }
    return identity
  }

  /// The name of its results: the announced platform, or `runner` when it named none.
  var name: String { platform ?? identity.platform ?? Self.unnamedPlatform }

  /// The lane name used when a runner's handshake names no platform.
  static let unnamedPlatform = "runner"
}
