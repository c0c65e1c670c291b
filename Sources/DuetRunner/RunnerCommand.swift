import DuetPlatform

/// How to start a runner: the executable, its arguments, and the folder it runs in.
///
/// The caller chooses the folder (duet-verify: the repository root, so relative paths the runner
/// reads resolve the same way for every verb).
package struct RunnerCommand: Equatable, Sendable {
  /// Absolute path of the executable.
  package var executable: String
  /// Arguments after the executable.
  package var arguments: [String]
  /// The folder the runner starts in (the repository root).
  package var workingDirectory: URL

  package init(executable: String, arguments: [String] = [], workingDirectory: URL) {
    self.executable = executable
    self.arguments = arguments
    self.workingDirectory = workingDirectory
  }

  /// The command as a user would type it, for messages.
  package var display: String {
    ([executable] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
  }
}
