import DuetCore
import DuetPlatform

/// The process-wide mark that a signal is stopping the command, set by the handler of an
/// ``InterruptGuard`` built with `exiting` before it kills the children.
///
/// The kill makes every runner "crash" and a fresh runner die at once, and the threads that see it
/// would report those failures, stream them into `.runs/`, swap that run's summary in, or print a
/// verdict, racing the handler's exit. Each such place checks the mark first, so every failure the
/// kill causes is seen after it and goes unreported: the interrupt sentence is all the run says.
final class ProcessStop: @unchecked Sendable {
  /// The one mark of this process.
  static let shared = ProcessStop()

  private let lock = SystemLock()
  private var stopping = false
  /// What this run made in the user's tree and a stop removes (a staging folder), by token.
  /// In registration order (tokens ascending). A list, not a dictionary keyed by token: a run
  /// registers one or two, and a `[Int: () -> Void]` costs the runtime a conformance look-up on
  /// its first use (~250,000 instructions, on every run; docs/performance.md).
  private var removals: [(token: Int, removal: @Sendable () -> Void)] = []
  private var nextToken = 0

  /// Marks the process as stopping. A write under ``unlessStopping(_:)`` already under way is
  /// waited for, so it is whole; none starts afterwards.
  func begin() {
    lock.withLock { stopping = true }
  }

  /// Whether a signal is stopping the process.
  var isStopping: Bool { lock.withLock { stopping } }

  /// Runs `body` (a write into the user's tree) unless the process is stopping; a stop arriving
  /// meanwhile waits for it. Nil when stopping.
  func unlessStopping<T>(_ body: () -> T) -> T? {
    lock.withLock { stopping ? nil : body() }
  }

  /// Registers `removal`, which takes away something this run is about to make under `.runs/` (a
  /// staging folder), for ``removeWhatTheRunMade()`` to call when a signal stops the process. Nil,
  /// with nothing registered, when the process is already stopping: then make nothing. The
  /// removal must be safe to call while the making is under way (wait for it) and more than once.
  func removingOnStop(_ removal: @escaping @Sendable () -> Void) -> Int? {
    lock.withLock {
      guard !stopping else { return nil }
      nextToken += 1
      removals.append((nextToken, removal))
      return nextToken
    }
  }

  /// Forgets the removal registered as `token` (what it removes is gone, or no longer this run's).
  func forget(_ token: Int) {
    lock.withLock { removals.removeAll { $0.token == token } }
  }

  /// Runs every registered removal and returns once all are done: a stop calls it after
  /// ``begin()`` and the kill, before the exit, so nothing the interrupted run made is left and no
  /// exit cuts a removal short.
  func removeWhatTheRunMade() {
    let pending = lock.withLock { () -> [@Sendable () -> Void] in
      defer { removals.removeAll() }
      return removals.map(\.removal)
    }
    for removal in pending { removal() }
  }

  /// Never returns once the process is stopping (the handler ends it): called where a verdict or a
  /// failure would be printed, so a failure the stop caused is not presented as the user's.
  func holdIfStopping() {
    guard isStopping else { return }
    while true { sleep(60) }
  }
}
