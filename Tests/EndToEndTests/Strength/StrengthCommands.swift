import Foundation
import TestSupport

/// How the strength verbs' end-to-end tests run `duet-verify`: each run with a temporary folder of
/// its own (`TMPDIR`, so its scratch copies can be seen and counted), a printed `next:` command as a
/// shell reads it, and a run interrupted (SIGINT) once it has reached the point a test chose.
enum StrengthCommands {
  /// The built duet-verify.
  static func tool() throws -> URL { try BuiltProducts.executable(named: "duet-verify") }

  /// `duet-verify arguments` in `folder`, `TMPDIR` = `temporary` (created first), with
  /// `environment` added; a real build may take a while.
  static func run(
    _ arguments: [String], in folder: URL, temporary: URL, environment: [String: String] = [:]
  ) throws -> CommandRun {
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    return try CommandRun.run(
      try tool(), arguments, in: folder, environment: environment.merging(["TMPDIR": temporary.path]) { $1 },
      deadline: 1800)
  }

  /// `command` run through `sh -c` in `folder` as printed (a `next:` line): the built duet-verify
  /// first on PATH, `TMPDIR` = `temporary` (created first), with `environment` added.
  static func shell(
    _ command: String, in folder: URL, temporary: URL, environment: [String: String] = [:]
  ) throws -> CommandRun {
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let path = try tool().deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    return try CommandRun.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder,
      environment: environment.merging(["TMPDIR": temporary.path, "PATH": path]) { $1 }, deadline: 1800)
  }

  /// What an interrupted run did: whether it reached the chosen point first, its exit status and
  /// what it wrote to standard error.
  struct Interrupted {
    var reached: Bool
    var status: Int32
    var error: String
  }

  /// `duet-verify arguments` in `folder` as ``run(_:in:temporary:environment:)`` starts it,
  /// interrupted once `reached` holds (asked every 20 ms for at most `seconds`, then `settle` more
  /// microseconds allowed), or when the time is up; returns when the run has ended.
  static func interrupted(
    _ arguments: [String], in folder: URL, temporary: URL, environment: [String: String] = [:],
    waitingAtMost seconds: TimeInterval, settle: useconds_t = 0, until reached: () -> Bool
  ) throws -> Interrupted {
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let (process, out, error) = CommandRun.prepare(
      try tool(), arguments, in: folder, environment: environment.merging(["TMPDIR": temporary.path]) { $1 })
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    var done = false
    while Date() < deadline, process.isRunning, !done {
      done = reached()
      usleep(20_000)
    }
    usleep(settle)
    process.interrupt()
    let (_, errorText) = CommandRun.drain(out, error)
    process.waitUntilExit()
    return Interrupted(reached: done, status: process.terminationStatus, error: errorText)
  }
}
