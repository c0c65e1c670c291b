import Dispatch
import DuetCore
import DuetPlatform

/// The end of a flush's wait, from any timeout a caller can pass.
///
/// `flush(timeout:)` is called at shutdown, often with whatever number the app had to hand; a trap
/// there loses the whole queue. So every value is accepted: zero, a negative number and NaN mean
/// "do not wait, report what is pending"; infinity and numbers too large for a date mean "wait
/// until done". Waits are taken in slices of at most an hour, so no clock conversion can overflow.
struct FlushDeadline {
  /// Seconds on the monotonic clock; `.infinity` when there is no end.
  private let end: Double

  init(timeout: TimeInterval) {
    let now = Self.now()
    end = timeout.isNaN || timeout <= 0 ? now : now + timeout
  }

  /// Seconds left (`.infinity` for no end, `0` once passed): what a nested flush is handed.
  var remaining: TimeInterval { max(0, end - Self.now()) }

  /// Waits on `condition` (locked by the caller) until it is signalled or the deadline passes;
  /// `false` when the deadline had already passed, so the caller stops waiting.
  func wait(on condition: SystemCondition) -> Bool {
    let left = end - Self.now()
    guard left > 0 else { return false }
    _ = condition.wait(seconds: min(left, 3600))
    return true
  }

  private static func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}
