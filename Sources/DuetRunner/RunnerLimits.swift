/// The bounds every runner conversation stays within.
///
/// Each bound answers one item of the protocol's "what the verifier must survive" list: a runner
/// that never answers (timeout), one that sends an endless line (line cap), one that will not exit
/// (grace period), one that floods stderr (bounded tail).
package struct RunnerLimits: Equatable, Sendable {
  /// Seconds allowed for the handshake and for each request (`--timeout`).
  package var timeout: Double
  /// The longest stdout line accepted, in bytes (16 MiB).
  package var lineLimit: Int
  /// The longest reply line accepted for an op that answers with a whole feature's recordings
  /// (`scenarios`), in bytes (256 MiB): one feature's scenarios travel in one line, so the cap for
  /// them is far above any single `reduce` reply's.
  package var bulkLineLimit: Int
  /// Seconds a runner gets to exit after `{"op":"exit"}` before it is killed.
  package var exitGrace: Double
  /// Bytes of stderr kept for reports.
  package var stderrTailBytes: Int

  /// The default `--timeout`, in seconds: the one place it is written.
  package static let defaultTimeout: Double = 10

  package init(
    timeout: Double = defaultTimeout, lineLimit: Int = 16 << 20, bulkLineLimit: Int = 256 << 20, exitGrace: Double = 1,
    stderrTailBytes: Int = 16_384
  ) {
    self.timeout = timeout
    self.lineLimit = lineLimit
    self.bulkLineLimit = bulkLineLimit
    self.exitGrace = exitGrace
    self.stderrTailBytes = stderrTailBytes
  }
}
