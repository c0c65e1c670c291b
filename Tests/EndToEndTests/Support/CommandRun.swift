import Foundation
import XCTest

/// Runs a built executable to completion and keeps its exit code and both streams.
///
/// Both pipes are drained concurrently (a chatty process cannot block on a full pipe), and a
/// watchdog kills the process if it outlives its deadline, so a hang fails the test instead of the suite.
struct CommandRun {
  var code: Int32
  var out: String
  var error: String

  static func run(
    _ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:],
    deadline: TimeInterval = 60
  ) throws -> CommandRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var env = ProcessInfo.processInfo.environment
    env["GITHUB_ACTIONS"] = nil
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let error = Pipe()
    process.standardOutput = out
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
    let group = DispatchGroup()
    let errorData = LockedData()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    watchdog.cancel()
    return CommandRun(
      code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errorData.get(), as: UTF8.self))
  }

  final class LockedData: @unchecked Sendable {
    let lock = NSLock()
    var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
  }
}
