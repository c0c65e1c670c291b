import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duet-verify record` stopped by a signal at a known moment: the misbehaving runner announces on
/// a named pipe that it has started to hang, and only then is the signal sent, so the test never
/// guesses a delay. A verifier that mishandles the signal fails the test after `deadline`, never
/// hangs it.
struct InterruptedRecord {
  /// The verifier's exit status and both streams.
  var run: CommandRun
  /// True when the verifier exited (rather than being killed by the signal).
  var exited: Bool
  /// The pid of the runner that was hanging when the signal came.
  var runner: pid_t
  /// True when that runner was still alive after the verifier ended (it is then killed by the test).
  var runnerOutlived: Bool

  /// Starts `duet-verify <arguments>` in `repository`, waits for the runner's announcement on a pipe
  /// made in `scratch`, runs `meanwhile` (given the verifier's pid: what happens while it hangs),
  /// sends `signal` to the verifier, and waits for it to end.
  static func start(
    _ arguments: [String], in repository: RecordRepository, scratch: URL, signal: Int32, deadline: Double = 15,
    meanwhile: (_ verifier: pid_t) -> Void = { _ in }
  ) throws -> InterruptedRecord {
    let pipe = scratch.appendingPathComponent("announce-\(UUID().uuidString)")
    guard mkfifo(pipe.path, 0o600) == 0 else { throw XCTSkip("cannot make a named pipe in \(scratch.path)") }
    let reader = open(pipe.path, O_RDONLY | O_NONBLOCK)
    guard reader >= 0 else { throw XCTSkip("cannot open the named pipe \(pipe.path)") }
    defer { close(reader) }

    let (process, out, error) = CommandRun.prepare(
      repository.duetVerify, arguments.map { $0.replacingOccurrences(of: "ANNOUNCE", with: pipe.path) },
      in: repository.root)
    try process.run()
    // Foundation notices a child's end only once every inherited descriptor closes, so a runner the
    // verifier left behind would block the wait: the watchdog ends both.
    let announced = CommandRun.Captured()
    let verifier = process.processIdentifier
    let watchdog = DispatchWorkItem {
      kill(verifier, SIGKILL)
      if let pid = pid_t(String(decoding: announced.get(), as: UTF8.self)) { kill(pid, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
    defer { watchdog.cancel() }

    // Linux reports no hang-up on a pipe no writer has opened yet, so poll waits for the runner.
    var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    var runner: pid_t = 0
    if poll(&descriptor, 1, Int32(deadline * 1000)) == 1 {
      var buffer = [UInt8](repeating: 0, count: 32)
      let count = read(reader, &buffer, buffer.count)
      runner = pid_t(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).filter(\.isNumber)) ?? 0
      announced.set(Data("\(runner)".utf8))
      meanwhile(verifier)
    }
    kill(verifier, signal)
    // Foundation reports the verifier's end only once every descriptor it handed down is closed, so
    // a runner it left behind would block `waitUntilExit` forever: wait for the verifier itself to
    // end (gone or a zombie), then count and kill whatever runner still carries this test's pipe.
    let end = Date().addingTimeInterval(deadline)
    while Date() < end, !hasEnded(verifier) { usleep(10_000) }
    // A SIGKILL takes effect asynchronously: give a stopped runner a moment to die before judging.
    let grace = Date().addingTimeInterval(2)
    while Date() < grace, (runner != 0 && !hasEnded(runner)) || !processes(mentioning: pipe.path).isEmpty {
      usleep(10_000)
    }
    let leftovers = processes(mentioning: pipe.path)
    let outlived = !leftovers.isEmpty || (runner != 0 && !hasEnded(runner))
    for pid in leftovers { kill(pid, SIGKILL) }
    if runner != 0 { kill(runner, SIGKILL) }
    process.waitUntilExit()
    let (outText, errorText) = CommandRun.drain(out, error)
    let run = CommandRun(code: process.terminationStatus, out: outText, error: errorText)
    return InterruptedRecord(
      run: run, exited: process.terminationReason == .exit, runner: runner, runnerOutlived: outlived)
  }

  /// True when `pid` has ended: gone, or a zombie waiting to be reaped.
  static func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return isGone(pid) }
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// Every live process whose command line contains `marker` (this test's unique pipe path).
  static func processes(mentioning marker: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
        String(decoding: data, as: UTF8.self).contains(marker), !hasEnded(pid)
      else { return nil }
      return pid
    }
  }

  /// True when no process `pid` exists any more (it was killed and reaped).
  static func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
  }
}

extension RecordRepository {
  /// Every file under the repository root, hidden ones and subfolders included, by relative path:
  /// equal trees mean nothing was written, renamed, or left behind anywhere.
  func tree() -> [String: Data] { FileTree.snapshot(root) }

}
