import DuetCore
import DuetPlatform

/// A value several threads update (the drill's workers: the next mutant, the results), behind a
/// lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = SystemLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  /// The value now.
  var value: Value { lock.withLock { stored } }

  /// Changes the value under the lock; what `body` returns.
  @discardableResult
  func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&stored) } }
}
