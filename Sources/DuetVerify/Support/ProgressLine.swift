import Dispatch
import DuetCore
import DuetPlatform

/// A progress line on stderr (`duet-verify: 12/73 fixtures…`) for runs longer than about a second,
/// on a terminal only; erased before the report is printed.
///
/// Short runs print nothing extra, and logs (not a TTY) never see carriage-return noise.
final class ProgressLine: @unchecked Sendable {
  private let lock = SystemLock()
  private let write: (String) -> Void
  private let total: Int
  private let text: @Sendable (_ done: Int, _ total: Int) -> String
  private var done = 0
  private var shown = false
  private var timer: DispatchSourceTimer?

  /// Starts a progress line for `total` items that appears after `delay` seconds; `write` writes
  /// raw text to stderr; `text` words the line (by default `12/73 fixtures…`).
  init(
    total: Int, delay: Double = 1,
    text: @escaping @Sendable (_ done: Int, _ total: Int) -> String = { "\($0)/\($1) fixtures…" },
    write: @escaping (String) -> Void
  ) {
    self.total = total
    self.text = text
    self.write = write
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "\(Program.name).progress"))
    timer.schedule(deadline: .now() + delay, repeating: 0.1)
    timer.setEventHandler { [weak self] in self?.draw() }
    timer.resume()
    self.timer = timer
  }

  /// One more item finished.
  func advance() {
    lock.withLock { done += 1 }
  }

  private func draw() {
    lock.withLock {
      guard timer != nil else { return }
      shown = true
      write("\r\u{1B}[2K\(Program.prefix())" + text(done, total))
    }
  }

  /// Stops and erases the line.
  func finish() {
    let active: DispatchSourceTimer? = lock.withLock {
      defer { timer = nil }
      return timer
    }
    active?.cancel()
    lock.withLock {
      if shown { write("\r\u{1B}[2K") }
      shown = false
    }
  }
}
