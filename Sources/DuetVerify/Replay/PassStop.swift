import DuetCore
import DuetPlatform

/// Ends a pass at its first failing recording: once a result with a failure is delivered, the
/// pass dispatches no further recording (those in flight finish; the rest get no result). A
/// mutation drill replays a mutant's recordings through one runner with it, so a mutant costs at
/// most one replay of those recordings and usually far less, where a runner started per
/// recording cost a process start each. Shared by the lanes of one run, so the first failure on
/// any lane stops them all.
final class PassStop: @unchecked Sendable {
  private let lock = SystemLock()
  private var stopped = false

  init() {}

  /// True once some delivered result failed.
  var isStopped: Bool { lock.withLock { stopped } }

  /// Notes `result`: a failure stops the pass.
  func note(_ result: FixtureResult) {
    guard result.failure != nil else { return }
    lock.withLock { stopped = true }
  }
}
