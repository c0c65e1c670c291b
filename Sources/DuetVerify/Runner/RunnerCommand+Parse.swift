import DuetRunner
import Foundation

/// `--runner CMD` as the user typed it, turned into the command the pool starts.
///
/// The runner always runs in the repository root, while a relative `--runner` path is resolved
/// against the folder the user ran duet-verify from, which is what they typed it relative to.
extension RunnerCommand {
  /// `--runner CMD`: an executable path, or a command line split as a shell splits words.
  public static func parse(
    _ text: String, invokedFrom folder: URL, workingDirectory: URL, environment: [String: String]
  ) throws(RunnerCommandError) -> RunnerCommand {
    let words: [String]
    do {
      words = try ShellWords.split(text)
    } catch {
      throw RunnerCommandError(description: "duet-verify: \(error.description). Quote it as a shell would.")
    }
    guard let first = words.first else {
      throw RunnerCommandError(
        description: "duet-verify: --runner needs a command (an executable path or a command line).")
    }
    let executable: String
    if first.contains("/") {
      executable = resolve(first, against: folder).path
    } else if let found = search(first, path: environment["PATH"] ?? "/usr/bin:/bin") {
      executable = found
    } else {
      throw RunnerCommandError(
        description:
          "duet-verify: runner '\(first)' was not found on PATH. Give its path (e.g. --runner .build/debug/\(first)).")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: executable, isDirectory: &isFolder) else {
      throw RunnerCommandError(
        description: "duet-verify: runner \(executable) does not exist. Build it first, or fix the --runner path.")
    }
    guard !isFolder.boolValue else {
      throw RunnerCommandError(
        description:
          "duet-verify: runner \(executable) is a folder, not an executable. Give the runner's own path (e.g. "
          + "--runner .build/debug/replay-runner).")
    }
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw RunnerCommandError(
        description: "duet-verify: runner \(executable) is not executable. Check its permissions.")
    }
    return RunnerCommand(
      executable: executable, arguments: Array(words.dropFirst()), workingDirectory: workingDirectory)
  }

  static func search(_ name: String, path: String) -> String? {
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// Why the runner command cannot be used; a usage error (exit 2).
public struct RunnerCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String
}
