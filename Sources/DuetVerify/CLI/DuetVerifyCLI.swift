import DuetPlatform
import DuetRunner

/// The `duet-verify` command line: the first argument picks the verb (`verify` when omitted).
///
/// The library's entry point, public for `main.swift` and for a program that embeds the verifier
/// (everything else in `DuetVerify` is internal; tests reach it with `@testable import`).
public enum DuetVerifyCLI {
  /// The tool's version, printed by `duet-verify version` and `--version`.
  public static let version = "0.1.0"

  /// Runs one invocation and returns its exit code; `main.swift` only forwards to this.
  /// `folder` is where relative paths given by the user start (the current directory by default).
  public static func run(
    _ arguments: [String], output: CommandOutput = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment,
    folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  ) -> ExitCode {
    IgnoreSIGPIPE.once()
    let request: ParsedArguments.Request
    do {
      request = try ParsedArguments.parse(arguments)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    let options: ParsedArguments
    switch request {
    case .help(let verb):
      output.line(verb.map(Usage.text(for:)) ?? Usage.overview)
      return .passed
    case .version:
      output.line("\(Program.name) \(version)")
      return .passed
    case .run(let parsed): options = parsed
    }
    let context = CommandContext(output: output, environment: environment, folder: folder)
    switch options.verb {
    case .verify: return VerifyCommand.run(options, context: context)
    case .lint: return LintCommand.run(options, context: context)
    case .explain: return ExplainCommand.run(options, context: context)
    case .materialize: return MaterializeCommand.run(options, context: context)
    case .record: return RecordCommand.run(options, context: context)
    case .taxonomy: return TaxonomyVerb.run(options, context: context)
    case .coverage: return CoverageCommand.run(options, context: context)
    case .mutate: return MutateCommand.run(options, context: context)
    case .merge: return MergeCommand.run(options, context: context)
    case .canonical: return CanonicalCommand.run(options, output: output)
    case .mcp: return MCPCommand.run(options, context: context, version: version)
    case .version, .help: return .passed  // answered by the parser's request above
    }
  }
}
