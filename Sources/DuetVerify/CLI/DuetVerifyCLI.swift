import Foundation

/// The `duet-verify` command line: the first argument picks the verb (`verify` when omitted).
public enum DuetVerifyCLI {
  /// The tool's version, printed by `duet-verify version`.
  public static let version = "0.1.0"

  /// Runs one invocation and returns its exit code; `main.swift` only forwards to this.
  public static func run(
    _ arguments: [String], output: CommandOutput = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ExitCode {
    var remaining = arguments
    let verb = remaining.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "verify"
    if !remaining.isEmpty, remaining[0] == verb { remaining.removeFirst() }
    switch verb {
    case "canonical": return CanonicalCommand.run(remaining, output: output)
    case "version", "--version":
      output.line("duet-verify \(version)")
      return .passed
    case "help", "--help", "-h":
      output.line(usage)
      return .passed
    default:
      output.diagnostic("duet-verify: unknown verb '\(verb)'. Run `duet-verify help` for the list of verbs.")
      return .usage
    }
  }

  static let usage = """
    usage: duet-verify <verb> [options]

    verbs:
      canonical [--pretty] [FILE|-]   print a JSON document in canonical compact (or pretty) form
      version                         print the version
      help                            this text
    """
}
