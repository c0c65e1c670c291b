import DuetPlatform

/// A value several threads share, behind a ``SystemLock``: the telemetry sinks' state (consent
/// flags, buffers, records), the mutation drill's workers (the next mutant, the results), a test's
/// counter. A lock, not an actor, so every call stays synchronous and in order.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = SystemLock()
  private var stored: Value

  package init(_ value: Value) { stored = value }

  /// The value now.
  package var value: Value { withLock { $0 } }

  /// Reads or changes the value under the lock; what `body` returns.
  @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }
}
