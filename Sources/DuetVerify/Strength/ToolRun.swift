import DuetPlatform
import DuetRunner

/// Runs one toolchain program (`swift build`, `llvm-profdata`, `llvm-cov`) to its end, its
/// output captured, optionally with standard output sent to a file (`llvm-cov export` writes
/// megabytes of JSON, which must not be cut to a tail).
///
/// The child is a ``SpawnedProcess``, so it is in ``LiveChildren`` and an interrupt ends it.
enum ToolRun {
  /// How the program ended and its combined output (standard output too, unless sent to a file).
  struct Ended {
    var status: ExitStatus
    var output: String
  }

  /// Runs `executable` with `arguments` in `folder`; with `stdout`, its standard output goes to
  /// that file (through `/bin/sh`, which only redirects and execs it).
  static func run(_ executable: String, _ arguments: [String], in folder: URL, stdout: URL? = nil) throws(SpawnFailure)
    -> Ended
  {
    var program = executable
    var words = arguments
    if let stdout {
      program = "/bin/sh"
      words = ["-c", "out=$1; shift; exec \"$@\" > \"$out\"", "sh", stdout.path, executable] + arguments
    }
    let process = try SpawnedProcess.spawn(
      executable: program, arguments: words, workingDirectory: folder.path, mergeErrors: true)
    closeDescriptor(process.input)
    let output = RunnerBuilder.readAll(process.output)
    closeDescriptor(process.output)
    return Ended(status: process.reap(grace: 24 * 3600), output: output)
  }

  /// The toolchain's `name` (`llvm-cov`): beside the `swift` found on `PATH`, links resolved.
  static func toolchain(_ name: String, environment: [String: String]) throws(StrengthError) -> String {
    guard let swift = RunnerCommand.search("swift", path: environment["PATH"] ?? "/usr/bin:/bin") else {
      throw .noTool(name: name, folder: "no swift on PATH")
    }
    let folder = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
    let tool = folder.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: tool) else { throw .noTool(name: name, folder: folder.path) }
    return tool
  }
}
