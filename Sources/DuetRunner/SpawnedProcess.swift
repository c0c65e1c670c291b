import DuetCore
import DuetPlatform

/// A child process started with `posix_spawn`, with its three standard streams as pipes.
///
/// Hand-rolled rather than Foundation `Process` because the verifier needs what `Process` hides:
/// close-on-exec pipe ends (so concurrently started runners never inherit each other's pipes),
/// non-blocking ends with deadlines, the child in its own process group (so a runner started
/// through a wrapper script is killed whole), SIGPIPE reset to default in the child, and exact
/// reaping (no zombies).
package struct SpawnedProcess: Sendable {
  package let pid: pid_t
  /// Our end of the child's standard input (write, non-blocking).
  package let input: Int32
  /// Our end of the child's standard output (read, non-blocking).
  package let output: Int32
  /// Our end of the child's standard error (read, non-blocking); equal to `output` when merged.
  package let errorOutput: Int32

  /// Starts `executable` (an absolute path) with `arguments` in `workingDirectory`.
  /// With `mergeErrors`, the child's standard error goes to the same pipe as its standard output;
  /// with `environment`, the child gets exactly those variables instead of this process's.
  package static func spawn(
    executable: String, arguments: [String], workingDirectory: String, mergeErrors: Bool = false,
    environment: [String: String]? = nil
  ) throws(SpawnFailure) -> SpawnedProcess {
    spawnLock.lock()
    defer { spawnLock.unlock() }
    var pipes: [(read: Int32, write: Int32)] = []
    func closeAll() {
      for pipe in pipes {
        close(pipe.read)
        close(pipe.write)
      }
    }
    for _ in 0..<(mergeErrors ? 2 : 3) {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else {
        closeAll()
        throw .cannotCreatePipe(errno: errno)
      }
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
      pipes.append((fds[0], fds[1]))
    }
    let stdinPipe = pipes[0]
    let stdoutPipe = pipes[1]
    let stderrPipe = mergeErrors ? pipes[1] : pipes[2]

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)

    var program = executable
    var argv = [executable] + arguments
    if let addChdir = Self.addChdir {
      _ = workingDirectory.withCString { addChdir(&actions, $0) }
    } else {
      // No chdir file action in this libc: let a shell change directory, then replace itself.
      program = "/bin/sh"
      argv = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", workingDirectory, executable] + arguments
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    let flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETPGROUP)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var cEnvironment: [UnsafeMutablePointer<CChar>?] =
      (environment ?? [:]).map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { cEnvironment.forEach { free($0) } }
    var pid: pid_t = 0
    let result =
      environment == nil
      ? posix_spawn(&pid, program, &actions, &attributes, &cArguments, environ)
      : posix_spawn(&pid, program, &actions, &attributes, &cArguments, &cEnvironment)
    guard result == 0 else {
      closeAll()
      throw .cannotStart(executable: executable, errno: result)
    }
    LiveChildren.shared.add(pid)
    close(stdinPipe.read)
    close(stdoutPipe.write)
    if !mergeErrors { close(stderrPipe.write) }
    for fd in [stdinPipe.write, stdoutPipe.read, stderrPipe.read] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return SpawnedProcess(pid: pid, input: stdinPipe.write, output: stdoutPipe.read, errorOutput: stderrPipe.read)
  }

  /// Serialises pipe creation and spawning, so no child inherits a pipe before it is close-on-exec.
  private static let spawnLock = SystemLock()

  private typealias AddChdir =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32

  /// `posix_spawn_file_actions_addchdir_np`, looked up at run time (not visible to Swift on glibc).
  private static let addChdir: AddChdir? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np")
    else { return nil }
    return unsafeBitCast(symbol, to: AddChdir.self)
  }()

  /// Waits for the child to end, up to `grace` seconds, then ends its process group and reaps it.
  ///
  /// The group is killed either way: a runner that exited on time may have left children behind
  /// (holding its pipes open, writing forever), and they must not outlive it. While the ended child
  /// is not yet reaped its pid, and so its group id, cannot be reused, so the kill reaches only them.
  package func reap(grace: Double) -> ExitStatus {
    _ = hasEnded(within: grace)
    killGroup()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR {
        LiveChildren.shared.remove(pid)
        return .signal(SIGKILL)
      }
    }
    LiveChildren.shared.remove(pid)
    return ExitStatus(waitStatus: status)
  }

  /// True once the child has ended, waiting at most `grace` seconds; it is left unreaped (a zombie
  /// holding its pid), so `reap` can still end its group safely.
  package func hasEnded(within grace: Double) -> Bool {
    let deadline = Deadline(after: grace)
    while true {
      var info = siginfo_t()
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if result == 0, info.si_signo != 0 { return true }
      if result < 0, errno != EINTR { return true }  // not our child any more: nothing to wait for
      if deadline.hasPassed { return false }
      usleep(1_000)
    }
  }

  /// SIGKILL to the child's whole process group (wrapper scripts and their children included).
  /// Only while the child is unreaped: after that its pid may belong to another process.
  package func killGroup() {
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
  }
}

/// Why a process could not be started: the system call that failed and its `errno`.
package enum SpawnFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// `pipe(2)` failed.
  case cannotCreatePipe(errno: Int32)
  /// `posix_spawn(3)` failed for `executable`.
  case cannotStart(executable: String, errno: Int32)

  package var description: String {
    switch self {
    case .cannotCreatePipe(let number): return "cannot create a pipe (\(Self.reason(number)))"
    case .cannotStart(let executable, let number): return "cannot start \(executable) (\(Self.reason(number)))"
    }
  }

  static func reason(_ number: Int32) -> String { String(cString: strerror(number)) }
}
