import DuetRunner

/// One platform's runner in a run: the name its handshake announced (`swift`, `kotlin`) and the
/// runner pool to replay on. Each lane replays every selected recording in a pool of its own.
struct Lane {
  /// The handshake's `platform`, which names the lane everywhere (summary, blocks, reports).
  var platform: String
  /// Starts this lane's runners.
  var launcher: any RunnerLauncher
  /// Runner processes in this lane's pool.
  var jobs: Int
  /// Seconds allowed per request.
  var timeout: Double
  /// Which runner it is, for the summary.
  var identity: RunnerIdentity
  /// The `--runner` value that named it; `nil` for the manifest's `replayRunner` package.
  var given: String?

  /// This lane's pool.
  var pool: RunnerPool { RunnerPool(launcher: launcher, size: jobs) }
}
