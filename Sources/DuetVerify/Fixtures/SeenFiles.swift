import DuetCore
import DuetPlatform

/// Recordings already seen to be plain files in the fixtures folder, with their sizes: `verify`
/// looks at every file once to dispatch the biggest first, and reading one then goes straight to
/// `openat` (which still follows no link). Each note is used once.
final class SeenFiles: @unchecked Sendable {
  private let lock = SystemLock()
  private var sizes: [String: Int] = [:]

  func note(_ name: String, size: Int) {
    lock.withLock { sizes[name] = size }
  }

  /// The size noted for `name`, forgotten as it is taken.
  func take(_ name: String) -> Int? {
    lock.withLock { sizes.isEmpty ? nil : sizes.removeValue(forKey: name) }
  }
}
