import Foundation
import XCTest

/// A replay runner started as a real subprocess, spoken to over pipes.
///
/// Reads block, so a watchdog terminates the process if a test outlives its deadline: a broken
/// runner fails the test instead of hanging the suite.
final class RunnerProcess {
  let process = Process()
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  var pending: [UInt8] = []

  init(executable: URL, workingDirectory: URL? = nil, deadline: TimeInterval = 30) throws {
    process.executableURL = executable
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let process = self.process
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
      if process.isRunning { process.terminate() }
    }
  }

  /// Sends one line (a newline is appended).
  func send(_ line: String) {
    stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Closes the runner's stdin (EOF).
  func closeInput() {
    try? stdin.fileHandleForWriting.close()
  }

  /// The next stdout line, or nil at end of output.
  func readLine() -> String? {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      let chunk = stdout.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      pending.append(contentsOf: chunk)
    }
  }

  /// Everything left on stdout, split in lines.
  func remainingLines() -> [String] {
    var lines: [String] = []
    while let line = readLine() { lines.append(line) }
    return lines
  }

  /// Waits for the process to end and returns its exit status.
  func waitForExit() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Everything the runner wrote to stderr (call after it exited).
  func diagnostics() -> String {
    String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
