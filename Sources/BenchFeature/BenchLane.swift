import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The protocol lane as a user runs it: the real `duet-verify verify` with a real runner, timed
/// from outside, with the verifier's peak resident memory read from the kernel when it exits.
public enum BenchLane {
  /// What one verifier run measured.
  public struct Figures: Sendable {
    public var seconds: Double
    public var peakRSSMegabytes: Double
    public var exitStatus: Int32
  }

  /// Runs `verifier` with `arguments`, its output discarded, and measures it; with `input`, that
  /// file is its standard input (how the benchmark times a runner alone on piped requests).
  public static func run(verifier: String, arguments: [String], input: String? = nil) throws -> Figures {
    try runTogether([(verifier, arguments, input)])
  }

  /// Starts every one of `programs` at once, each as `run` starts one, and measures until the last
  /// has exited: how the benchmark times two runners alone, each answering half of the requests (what
  /// `verify --jobs 2` would take if the verifier cost nothing). The RSS is the largest, the exit
  /// status the first that is not 0.
  public static func runTogether(_ programs: [(program: String, arguments: [String], input: String?)]) throws
    -> Figures
  {
    let start = DispatchTime.now().uptimeNanoseconds
    let pids = try programs.map { try spawn($0.program, $0.arguments, input: $0.input) }
    var figures = Figures(seconds: 0, peakRSSMegabytes: 0, exitStatus: 0)
    for pid in pids {
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
      let exited = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
      if figures.exitStatus == 0 { figures.exitStatus = exited }
      figures.peakRSSMegabytes = max(figures.peakRSSMegabytes, Double(usage.ru_maxrss) / 1024)
    }
    figures.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return figures
  }

  static func spawn(_ program: String, _ arguments: [String], input: String?) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw NSError(
        domain: "duet-bench", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(program)"])
    }
    return pid
  }
}
