import Dispatch

/// Runs a queued sink's work somewhere other than the caller's thread, in submission order.
///
/// Injectable so tests can hold work and run it by hand (no sleeps), while apps use
/// `SerialQueueExecutor`.
public protocol SinkExecutor: Sendable {
  /// Schedules `work` after everything submitted before it.
  func submit(_ work: @escaping @Sendable () -> Void)
}

/// The default executor: one serial dispatch queue per sink, so a slow sink only delays itself.
public final class SerialQueueExecutor: SinkExecutor {
  private let queue: DispatchQueue

  /// A fresh serial queue; `label` names it in a debugger.
  public init(label: String = "duet.telemetry.sink") {
    queue = DispatchQueue(label: label)
  }

  /// Runs `work` asynchronously on the serial queue.
  public func submit(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }

  /// Blocks until everything submitted so far has run (for an orderly shutdown).
  public func waitUntilIdle() {
    queue.sync {}
  }
}
