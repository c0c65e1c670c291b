import DuetCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Never returns once the process is stopping (the handler ends it): called where a verdict or a
  /// failure would be printed, so a failure the stop caused is not presented as the user's.
  func holdIfStopping() {
    guard isStopping else { return }
    while true { sleep(60) }
  }
}
