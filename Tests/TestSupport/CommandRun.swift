import Foundation
import XCTest

/// Runs an executable to completion and keeps its exit code and both streams.
///
/// Both pipes are drained concurrently (a chatty process cannot block on a full pipe), and a
/// watchdog kills the process if it outlives its deadline, so a hang fails the test instead of the suite.
public struct CommandRun: Sendable {
  public var code: Int32
  public var out: String
  public var error: String
  /// Both streams, for assertions that do not care which one a sentence went to.
  public var all: String { out + error }

  public init(code: Int32, out: String, error: String) {
    self.code = code
    self.out = out
    self.error = error
  }

  /// The environment every run sees: this process's, with `NO_COLOR=1` (output is compared as plain
  /// text) and without `GITHUB_ACTIONS` (annotations only when a test asks), then `overrides`.
  public static func environment(_ overrides: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["GITHUB_ACTIONS"] = nil
    for (key, value) in overrides { environment[key] = value }
    return environment
  }

  /// Runs `executable` in `folder` and waits; a watchdog ends it after `deadline` seconds.
  public static func run(
    _ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:],
    deadline: TimeInterval = 60
  ) throws -> CommandRun {
    let (process, out, error) = prepare(executable, arguments, in: folder, environment: environment)
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
    let (outText, errorText) = drain(out, error)
    process.waitUntilExit()
    watchdog.cancel()
    return CommandRun(code: process.terminationStatus, out: outText, error: errorText)
  }

  /// `executable` set up to run in `folder` with `environment(overrides)`, both streams piped and
  /// nothing on its standard input; not started yet.
  public static func prepare(
    _ executable: URL, _ arguments: [String], in folder: URL, environment overrides: [String: String] = [:]
  ) -> (process: Process, out: Pipe, error: Pipe) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment(overrides)
    let out = Pipe()
    let error = Pipe()
    process.standardOutput = out
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    return (process, out, error)
  }

  /// Reads both pipes to their end at once (neither can fill up and block the writer).
  public static func drain(_ out: Pipe, _ error: Pipe) -> (out: String, error: String) {
    let group = DispatchGroup()
    let errorData = Captured()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    return (String(decoding: outData, as: UTF8.self), String(decoding: errorData.get(), as: UTF8.self))
  }

  /// Data written by one thread and read by another.
  public final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    public init() {}
    public func set(_ value: Data) { lock.withLock { data = value } }
    public func get() -> Data { lock.withLock { data } }
  }
}
