/// One platform's runner in a run: the name its handshake announced (`swift`, `kotlin`) and the
/// runner to start for it. Each lane replays every selected recording in a pool of its own.
struct Lane {
  /// The handshake's `platform`, which names the lane everywhere (summary, blocks, reports).
  var platform: String
  /// The runner, its limits and pool size.
  var runner: RunnerSetup.Choice
  /// The `--runner` value that named it; `nil` for the manifest's `replayRunner` package.
  var given: String?
}
