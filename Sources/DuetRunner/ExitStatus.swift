/// How a child process ended: an exit status or a signal.
///
/// Reports say "runner exited (signal 9)" or "runner exited (status 3)", so a user can tell a crash
/// (a signal: a trap, an out-of-memory kill) from a runner that gave up on purpose.
package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
  /// `exit(code)`.
  case status(Int32)
  /// Killed by a signal.
  case signal(Int32)

  /// Decodes a `waitpid` status word (the `WIFEXITED`/`WTERMSIG` macros are not visible to Swift).
  init(waitStatus: Int32) {
    let low = waitStatus & 0x7f
    if low == 0 {
      self = .status((waitStatus >> 8) & 0xff)
    } else {
      self = .signal(low)
    }
  }

  /// `status 1` or `signal 9`.
  package var description: String {
    switch self {
    case .status(let code): return "status \(code)"
    case .signal(let number): return "signal \(number)"
    }
  }
}
