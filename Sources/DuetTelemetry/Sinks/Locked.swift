import DuetCore
import DuetPlatform

/// A value behind a lock: the sinks' shared mutable state (consent flags, buffers, records).
///
/// A lock, not an actor, so that every sink call stays synchronous and in order.
final class Locked<Value>: @unchecked Sendable {
  private let lock = SystemLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  var current: Value { withLock { $0 } }
}
