import Dispatch
import DuetPlatform

/// A point on the monotonic clock: every wait in the runner pool is bounded by one.
package struct Deadline: Sendable {
  let nanoseconds: UInt64

  package init(after seconds: Double) {
    let now = DispatchTime.now().uptimeNanoseconds
    let span = seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
    nanoseconds = now &+ span
  }

  /// `seconds` after the monotonic instant `start` (nanoseconds of uptime).
  init(after seconds: Double, from start: UInt64) {
    let span = seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
    nanoseconds = start &+ span
  }

  /// Now, on the monotonic clock, in nanoseconds.
  static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

  var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds >= nanoseconds }

  /// Milliseconds left, for `poll` (0 when passed, capped to fit an Int32).
  var remainingMilliseconds: Int32 {
    let now = DispatchTime.now().uptimeNanoseconds
    guard now < nanoseconds else { return 0 }
    return Int32(min((nanoseconds - now + 999_999) / 1_000_000, UInt64(Int32.max)))
  }
}

/// `close(2)`, under a name that methods called `close()` do not shadow.
package func closeDescriptor(_ fd: Int32) {
  _ = close(fd)
}
