import DuetRunner
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds the manifest's `replayRunner` package when no `--runner` is given.
///
/// `swift build --product replay-runner` runs in the package folder; its output is captured and shown
/// only when the build fails, so a passing gate prints nothing but its verdict.
public enum RunnerBuilder {
  /// Why the runner could not be built.
  public struct BuildError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The build's combined output (its tail), shown to the user.
    public var output: String
    /// The sentence saying what failed.
    public var message: String
    public var description: String { message }
  }

  /// Builds `replay-runner` in `package` and returns the command that starts it in `root`.
  public static func build(
    package: URL, root: URL, environment: [String: String]
  ) throws(BuildError) -> RunnerCommand {
    guard let swift = RunnerCommand.search("swift", path: environment["PATH"] ?? "/usr/bin:/bin") else {
      throw BuildError(
        output: "",
        message: "duet-verify: cannot build the replay runner: 'swift' is not on PATH. Install the toolchain, "
          + "or give a built runner with --runner CMD.")
    }
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess.spawn(
        executable: swift, arguments: ["build", "--product", "replay-runner"], workingDirectory: package.path,
        mergeErrors: true)
    } catch {
      throw BuildError(output: "", message: "duet-verify: cannot run swift build: \(error.message).")
    }
    closeDescriptor(process.input)
    let output = readAll(process.output)
    closeDescriptor(process.output)
    let status = process.reap(grace: 24 * 3600)
    guard status == .status(0) else {
      throw BuildError(
        output: output,
        message:
          "duet-verify: building the replay runner failed (swift build --product replay-runner in \(package.path), "
          + "\(status)). Fix the build above, or give a built runner with --runner CMD.")
    }
    let executable = package.appendingPathComponent(".build/debug/replay-runner").path
    return RunnerCommand(executable: executable, workingDirectory: root)
  }

  /// Everything written to `fd` until it closes, keeping the last 1 MiB.
  static func readAll(_ fd: Int32) -> String {
    var kept: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EAGAIN || errno == EINTR || errno == EWOULDBLOCK { continue }
        break
      }
      kept.append(contentsOf: chunk[0..<count])
      if kept.count > 1 << 20 { kept.removeFirst(kept.count - (1 << 20)) }
    }
    return String(decoding: kept, as: UTF8.self)
  }
}
