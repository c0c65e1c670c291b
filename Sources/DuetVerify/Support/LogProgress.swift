import Dispatch
import DuetCore
import DuetPlatform

/// The progress of a long run for a log that is not a terminal (a CI job): every `interval`
/// seconds (about 10) one whole line on stderr, `duet-verify: replayed 4,210/10,000 recordings,
/// 1 failing`, so the log never looks hung. A run shorter than one interval prints nothing extra.
///
/// `DUET_VERIFY_PROGRESS_INTERVAL` (seconds) overrides the interval; it exists for tests, which
/// must not wait 10 s to see a line.
final class LogProgress: @unchecked Sendable {
  /// The interval's environment variable (for tests).
  static let intervalVariable = "DUET_VERIFY_PROGRESS_INTERVAL"
  /// The interval without it.
  static let defaultInterval = 10.0

  private let lock = SystemLock()
  private let write: (String) -> Void
  private let total: Int
  private var done = 0
  private var failing = 0
  private var timer: DispatchSourceTimer?

  /// Starts the clock for `total` recordings; `write` writes raw text to stderr.
  init(total: Int, environment: [String: String], write: @escaping (String) -> Void) {
    self.total = total
    self.write = write
    let given = environment[Self.intervalVariable].flatMap(Double.init)
    let interval = given.map { $0.isFinite && $0 > 0 ? $0 : Self.defaultInterval } ?? Self.defaultInterval
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "\(Program.name).log-progress"))
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler { [weak self] in self?.report() }
    timer.resume()
    self.timer = timer
  }

  /// One more recording finished, `passed` or not.
  func advance(passed: Bool) {
    lock.withLock {
      done += 1
      if !passed { failing += 1 }
    }
  }

  private func report() {
    lock.withLock {
      guard timer != nil else { return }
      write(Program.prefix() + Self.line(done: done, total: total, failing: failing) + "\n")
    }
  }

  /// `replayed 4,210/10,000 recordings, 1 failing`.
  static func line(done: Int, total: Int, failing: Int) -> String {
    "replayed \(grouped(done))/\(grouped(total)) \(total == 1 ? "recording" : "recordings"), \(grouped(failing)) failing"
  }

  /// `10000` → `10,000`.
  static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var parts: [Substring] = []
    while digits.count > 3 {
      parts.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    parts.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + parts.joined(separator: ",")
  }

  /// Stops the clock: nothing more is written.
  func finish() {
    let active: DispatchSourceTimer? = lock.withLock {
      defer { timer = nil }
      return timer
    }
    active?.cancel()
  }
}
