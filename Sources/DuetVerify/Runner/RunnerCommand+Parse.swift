import DuetPlatform
import DuetRunner

/// `--runner CMD` as the user typed it, turned into the command the pool starts.
///
/// The runner always runs in the repository root, while a relative `--runner` path is resolved
/// against the folder the user ran duet-verify from, which is what they typed it relative to.
extension RunnerCommand {
  /// `--runner CMD`: an executable path, or a command line split as a shell splits words.
  static func parse(
    _ text: String, invokedFrom folder: URL, workingDirectory: URL, environment: [String: String]
  ) throws(RunnerCommandError) -> RunnerCommand {
    let words: [String]
    do {
      words = try ShellWords.split(text)
    } catch {
      throw .unsplittable(error)
    }
    guard let first = words.first else { throw .empty }
    let executable: String
    if first.contains("/") {
      executable = resolve(first, against: folder).path
    } else if let found = search(first, path: environment["PATH"] ?? "/usr/bin:/bin") {
      executable = found
    } else {
      throw .notOnPath(name: first)
    }
    guard let isFolder = FileInspection.isFolder(executable) else { throw .missing(path: executable) }
    guard !isFolder else { throw .folder(path: executable) }
    guard FileManager.default.isExecutableFile(atPath: executable) else { throw .notExecutable(path: executable) }
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

/// Why the runner command cannot be used; a usage error (exit 2). `message` is its
/// sentence (`Diagnostic` adds the prefix).
enum RunnerCommandError: Diagnostic, Equatable, Sendable {
  /// The command line has an open quote.
  case unsplittable(ShellWords.SplitError)
  /// `--runner ""`: no words at all.
  case empty
  /// A bare name that no `PATH` folder holds.
  case notOnPath(name: String)
  /// A path that does not exist.
  case missing(path: String)
  /// A path that is a folder.
  case folder(path: String)
  /// A file without execute permission.
  case notExecutable(path: String)

  var message: String {
    switch self {
    case .unsplittable(let error): return "\(error.description). Quote it as a shell would."
    case .empty: return "\(Option.runner.rawValue) needs a command (an executable path or a command line)."
    case .notOnPath(let name):
      return
        "runner '\(name)' was not found on PATH. Give its path (e.g. \(Option.runner.rawValue) .build/debug/\(name))."
    case .missing(let path):
      if let (package, command) = Self.buildCommand(for: path) {
        return "runner \(path) does not exist. Build it first (`\(command)` in \(package)), or fix the "
          + "\(Option.runner.rawValue) path."
      }
      return "runner \(path) does not exist. Build it first, or fix the \(Option.runner.rawValue) path."
    case .folder(let path):
      return "runner \(path) is a folder, not an executable. Give the runner's own path (e.g. "
        + "\(Option.runner.rawValue) .build/debug/replay-runner)."
    case .notExecutable(let path): return "runner \(path) is not executable. Check its permissions."
    }
  }

  /// The package folder and the `swift build` command that put an executable at `path` when it
  /// lies where SwiftPM puts one (`<package>/.build/<config>/<name>`, or with a platform folder
  /// `<package>/.build/<triple>/<config>/<name>`); nil for any other path, of which nothing can be said.
  static func buildCommand(for path: String) -> (package: String, command: String)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let build = parts.lastIndex(of: ".build"), build > 1 || (build == 1 && !parts[0].isEmpty) else { return nil }
    let package = parts[..<build].joined(separator: "/")
    let below = parts[(build + 1)...]
    guard below.count == 2 || below.count == 3, let name = below.last, !name.isEmpty,
      let configuration = below.dropLast().last, configuration == "debug" || configuration == "release"
    else { return nil }
    let options = configuration == "release" ? " -c release" : ""
    return (package, "swift build\(options) --product \(name)")
  }
}
