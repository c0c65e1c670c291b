import Foundation
import XCTest

/// The executables `swift build --build-tests` put beside the test bundle: `duet-verify`, the demo
/// runner and the misbehaving runner.
enum RecordTools {
  static func executable(_ name: String) throws -> URL {
    var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    if let argument = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
      candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
    }
    for folder in candidates {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw XCTSkip("\(name) is not built beside the tests; run `swift build --build-tests` first")
  }

  /// What one run of an executable left: its exit status and both streams.
  struct Run {
    var status: Int32
    var out: String
    var error: String
    /// Both streams, for assertions that do not care which one a sentence went to.
    var all: String { out + error }
  }

  /// Runs `executable` in `folder` and waits; a watchdog ends it after `deadline` seconds so a
  /// hang fails the test instead of the suite.
  static func run(_ executable: URL, _ arguments: [String], in folder: URL, deadline: Double = 60) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["GITHUB_ACTIONS"] = nil
    process.environment = environment
    let out = Pipe()
    let error = Pipe()
    process.standardOutput = out
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
    let errorData = Captured()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    watchdog.cancel()
    return Run(
      status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errorData.get(), as: UTF8.self))
  }

  /// Data written by one thread and read by another.
  final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
  }
}
