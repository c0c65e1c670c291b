import DuetCore
import DuetPlatform

/// Every child process the verifier has started and not yet reaped (runners, a runner build).
///
/// Children run in their own process groups, so a Ctrl-C at the terminal never reaches them and a
/// verifier that is interrupted must end them itself: `killAll` is what an interrupted `record`
/// calls before it exits, so no hung runner outlives it.
package final class LiveChildren: @unchecked Sendable {
  /// The verifier's one registry.
  package static let shared = LiveChildren()

  private let lock = SystemLock()
  /// A list, not a `Set<pid_t>`: a run holds a child per runner slot, and a set's first use costs
  /// the runtime a conformance look-up (~250,000 instructions on every run; docs/performance.md).
  private var pids: [pid_t] = []
  /// Set by `killAll`: the verifier is stopping, so a child started after it (a pool replacing the
  /// runner it just lost) is killed at once instead of being orphaned by the exit.
  private var stopping = false

  /// Notes a child just started (or kills it, when the verifier is already stopping).
  package func add(_ pid: pid_t) {
    let late = lock.withLock { () -> Bool in
      if stopping { return true }
      if !pids.contains(pid) { pids.append(pid) }
      return false
    }
    if late {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
  }

  /// Forgets a child that has been reaped (its pid may now be reused).
  package func remove(_ pid: pid_t) { lock.withLock { pids.removeAll { $0 == pid } } }

  /// The children still running, by pid.
  package var running: Set<pid_t> { Set(lock.withLock { pids }) }

  /// SIGKILL to every live child, its process group and every process below it (``ProcessTree``),
  /// then reaps the children (so none is left a zombie).
  package func killAll() {
    let victims = lock.withLock {
      stopping = true
      let all = pids
      pids.removeAll()
      return all
    }
    // The whole tree: a build's compilers run in process groups of their own.
    ProcessTree.stopAndKill(Set(victims))
    for pid in victims {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
  }
}
