import DuetCore
import DuetPlatform
import DuetRunner

/// Catches SIGINT and SIGTERM while a command that writes files runs, and applies
/// `InterruptState`: before the writing phase, stop at once (children killed, nothing written);
/// during it, finish the writes first.
///
/// Without it, a Ctrl-C during `record` would leave the runners (in their own process groups)
/// running, and one during the writes could leave a temporary file beside the recordings.
final class InterruptGuard: @unchecked Sendable {
  /// The signals a user or CI sends to stop a command.
  static let signals: [Int32] = [SIGINT, SIGTERM]

  private let lock = SystemLock()
  private var state = InterruptState()
  private var watcher: SignalWatcher?
  private let stop: @Sendable (_ signal: Int32, _ afterWrites: Bool) -> Void

  /// `stop` ends the process for a signal (it must not return to normal work): the command's
  /// sentence, then children killed, then exit 128 + signal. `afterWrites` is true when the signal
  /// was held until the writing phase had finished.
  init(stop: @escaping @Sendable (_ signal: Int32, _ afterWrites: Bool) -> Void) {
    self.stop = stop
  }

  /// A guard whose stop marks the process stopping (``ProcessStop``: before the kill, so the
  /// failures the kill causes are never reported), kills every child, removes what the run made
  /// under `.runs/` (``ProcessStop/removeWhatTheRunMade()``: `verify`'s staging folder), says
  /// `message(signal name, afterWrites)` on standard error, and exits 128 + signal.
  static func exiting(
    output: CommandOutput, saying message: @escaping @Sendable (_ signal: String, _ afterWrites: Bool) -> String
  ) -> InterruptGuard {
    InterruptGuard { signal, afterWrites in
      ProcessStop.shared.begin()
      LiveChildren.shared.killAll()
      ProcessStop.shared.removeWhatTheRunMade()
      output.diagnostic(message(name(of: signal), afterWrites))
      _exit(128 + signal)
    }
  }

  /// The guard of a command that only reads (`verify`, `explain`): any signal stops it at once,
  /// with its runners.
  static func stoppingRunners(verb: String, output: CommandOutput) -> InterruptGuard {
    exiting(output: output) { signal, _ in
      Program.prefix(verb) + "interrupted (\(signal)): the runners were stopped; no verdict was reached."
    }
  }

  /// `SIGINT`, `SIGTERM`, or `signal N`.
  static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(signal)"
    }
  }

  /// Starts catching the signals (their default action, ending the process, is suspended).
  func install() {
    watcher = SignalWatcher.start(Self.signals) { [weak self] number in self?.receive(number) }
  }

  /// Stops catching the signals and restores their previous action.
  func uninstall() {
    watcher?.stop()
    watcher = nil
  }

  /// Acts on `signal`, just arrived.
  func receive(_ signal: Int32) {
    let decision = lock.withLock { state.receive(signal) }
    if case .stopNow(let number) = decision { stop(number, false) }
  }

  /// Enters the writing phase: from now on a signal waits until `finishWriting`. False when the
  /// command was already stopped.
  func beginWriting() -> Bool {
    lock.withLock { state.beginWriting() }
  }

  /// Leaves the writing phase, stopping now for a signal that arrived during it.
  func finishWriting() {
    if let held = lock.withLock({ state.finishWriting() }) { stop(held, true) }
  }
}
