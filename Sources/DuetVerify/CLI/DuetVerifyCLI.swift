import Foundation

/// The `duet-verify` command line: the first argument picks the verb (`verify` when omitted).
public enum DuetVerifyCLI {
  /// The tool's version, printed by `duet-verify version`.
  public static let version = "0.1.0"

  /// Runs one invocation and returns its exit code; `main.swift` only forwards to this.
  /// `folder` is where relative paths given by the user start (the current directory by default).
  public static func run(
    _ arguments: [String], output: CommandOutput = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment,
    folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  ) -> ExitCode {
    IgnoreSIGPIPE.once()
    var remaining = arguments
    let verb =
      remaining.first.flatMap { ["--version", "--help", "-h"].contains($0) || !$0.hasPrefix("-") ? $0 : nil }
      ?? "verify"
    if !remaining.isEmpty, remaining[0] == verb { remaining.removeFirst() }
    let context = CommandContext(output: output, environment: environment, folder: folder)
    switch verb {
    case "verify": return VerifyCommand.run(remaining, context: context)
    case "lint": return LintCommand.run(remaining, context: context)
    case "explain": return ExplainCommand.run(remaining, context: context)
    case "record": return RecordCommand.run(remaining, context: context)
    case "taxonomy": return TaxonomyVerb.run(remaining, context: context)
    case "canonical": return CanonicalCommand.run(remaining, output: output)
    case "version", "--version":
      output.line("duet-verify \(version)")
      return .passed
    case "help", "--help", "-h":
      let topic = remaining.first
      guard let text = HelpText.text(for: topic) else {
        output.diagnostic("duet-verify help: unknown verb '\(topic ?? "")'. Run `duet-verify help` for the list.")
        return .usage
      }
      output.line(text)
      return .passed
    default:
      output.diagnostic(
        "duet-verify: unknown verb '\(verb)'." + Suggestion.hint(for: verb, among: verbs)
          + " Run `duet-verify help` for the list of verbs.")
      return .usage
    }
  }

  static let verbs = ["verify", "lint", "explain", "record", "taxonomy", "canonical", "version", "help"]

  /// The overview printed by `duet-verify help`.
  static var usage: String { HelpText.overview }
}
