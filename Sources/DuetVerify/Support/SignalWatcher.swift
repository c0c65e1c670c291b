import Dispatch
import DuetCore
import DuetPlatform

/// Delivers chosen signals to a callback on a thread of its own, where ordinary code may run.
///
/// A signal handler may only do async-signal-safe work, so it writes the signal's number into a
/// pipe and a watcher thread acts on it. The installing thread (and every thread it starts later:
/// runner slots, stderr drains) blocks the signals, so the kernel hands them to a thread that can
/// run the handler promptly; a thread parked in a futex under ThreadSanitizer would defer it forever.
final class SignalWatcher: @unchecked Sendable {
  private let signals: [Int32]
  private let readEnd: Int32
  private let writeEnd: Int32
  /// Each signal's action before ours, in the order installed. A list, not a dictionary keyed by
  /// the signal: a `[Int32: sigaction]` costs the runtime a conformance look-up on its first use
  /// (~250,000 instructions, on every run; docs/performance.md), for three entries.
  private var previousActions: [(number: Int32, action: sigaction)] = []
  private var previousMask = sigset_t()
  private let finished = DispatchSemaphore(value: 0)

  /// Starts forwarding `signals` to `onSignal` (called on the watcher thread); nil when no pipe
  /// can be made (the signals then keep their default action).
  static func start(_ signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) -> SignalWatcher? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let watcher = SignalWatcher(signals: signals, readEnd: ends[0], writeEnd: ends[1])
    watcher.install(onSignal)
    return watcher
  }

  private init(signals: [Int32], readEnd: Int32, writeEnd: Int32) {
    self.signals = signals
    self.readEnd = readEnd
    self.writeEnd = writeEnd
  }

  private func install(_ onSignal: @escaping @Sendable (Int32) -> Void) {
    var set = signalSet
    pthread_sigmask(SIG_BLOCK, &set, &previousMask)
    SystemThread.start(name: "signals") { [self] in
      var set = signalSet
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0, errno == EINTR { continue }
        if count <= 0 || byte == 0 { break }
        onSignal(Int32(byte))
      }
      finished.signal()
    }
    signalForwardingEnd = writeEnd
    for number in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = forwardSignal
      #else
        action.__sigaction_u.__sa_handler = forwardSignal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var previous = sigaction()
      sigaction(number, &action, &previous)
      previousActions.append((number, previous))
    }
  }

  /// Restores the signals' previous actions and the thread's mask, and ends the watcher thread.
  func stop() {
    for (number, previous) in previousActions.reversed() {
      var action = previous
      sigaction(number, &action, nil)
    }
    previousActions.removeAll()
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    var sentinel: UInt8 = 0
    _ = write(writeEnd, &sentinel, 1)
    finished.wait()
    signalForwardingEnd = -1
    close(readEnd)
    close(writeEnd)
  }

  private var signalSet: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    return set
  }
}

/// The pipe the handler writes to; only one watcher runs at a time (one command per process).
nonisolated(unsafe) private var signalForwardingEnd: Int32 = -1

/// The signal handler: async-signal-safe, it only writes the signal's number to the pipe.
private func forwardSignal(_ number: Int32) {
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalForwardingEnd, &byte, 1)
}
