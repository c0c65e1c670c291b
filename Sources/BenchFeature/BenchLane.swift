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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([verifier] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, verifier, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw NSError(
        domain: "duet-bench", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(verifier)"])
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exited = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Figures(seconds: seconds, peakRSSMegabytes: Double(usage.ru_maxrss) / 1024, exitStatus: exited)
  }
}
