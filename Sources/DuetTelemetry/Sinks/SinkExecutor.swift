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
  private let marker = DispatchSpecificKey<Bool>()

  /// A fresh serial queue; `label` names it in a debugger.
  public init(label: String = "duet.telemetry.sink") {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: marker, value: true)
  }

  /// Runs `work` asynchronously on the serial queue.
  public func submit(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }

  /// Blocks until everything submitted so far has run; returns `false` without waiting when called
  /// from the queue itself, where waiting would deadlock. Apps flush through `QueuedSink.flush`
  /// or the fan-out instead, which also bound the wait.
  @discardableResult
  public func waitUntilIdle() -> Bool {
    guard DispatchQueue.getSpecific(key: marker) == nil else { return false }
    queue.sync {}
    return true
  }
}
