import DuetPlatform

/// A point on the monotonic clock: every wait in the runner pool is bounded by one.
package struct Deadline: Sendable {
  let nanoseconds: UInt64

  package init(after seconds: Double) {
    nanoseconds = Self.now &+ Self.span(seconds)
  }

  /// `span` nanoseconds (`span(_:)` of the seconds, worked out once by a caller that waits often)
  /// after the monotonic instant `start`.
  init(span: UInt64, from start: UInt64) {
    nanoseconds = start &+ span
  }

  /// `seconds` in nanoseconds (none when not a positive finite number, at most 10⁹ seconds).
  static func span(_ seconds: Double) -> UInt64 {
    seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
  }

  /// Now, on the monotonic clock, in nanoseconds: `clock_gettime` itself (the slot reads it once
  /// a reply; `DispatchTime.now()` went through `dispatch_time`, 60 instructions more each).
  package static var now: UInt64 {
    var time = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  var hasPassed: Bool { Self.now >= nanoseconds }

  /// Milliseconds left, for `poll` (0 when passed, capped to fit an Int32).
  var remainingMilliseconds: Int32 {
    let now = Self.now
    guard now < nanoseconds else { return 0 }
    return Int32(min((nanoseconds - now + 999_999) / 1_000_000, UInt64(Int32.max)))
  }
}

/// `close(2)`, under a name that methods called `close()` do not shadow.
package func closeDescriptor(_ fd: Int32) {
  _ = close(fd)
}
