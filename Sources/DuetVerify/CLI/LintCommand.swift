/// `duet-verify lint`: the manifest and fixtures-folder checks alone, no runner.
///
/// Cheap enough for a pre-commit hook; prints every problem (file:line: sentence), then a verdict.
enum LintCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    guard let corpus = context.corpus(options) else { return .usage }
    let lint = CorpusScan.run(corpus).lint
    if options.json {
      output.json(LintJSONReport.render(lint, manifest: corpus.manifest))
      return lint.problems.isEmpty ? .passed : .failed
    }
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    let problems = lint.problems
    // Problems are sentences the tool composed (a hint may span lines); the outside text in them
    // (keys, names, paths) is escaped where it is quoted, so only line feeds are kept here.
    for problem in problems { output.line(style.red("✗") + " " + problem.description.printableLines) }
    for warning in lint.warnings {
      output.line(style.yellow("warning:") + " " + warning.description.printableLines)
    }
    let features = corpus.manifest.features.count
    let fixtures = corpus.manifest.listedFixtures.count
    if problems.isEmpty {
      let counts =
        "\(features) \(features == 1 ? "feature" : "features"), \(fixtures) "
        + "\(fixtures == 1 ? "fixture" : "fixtures")"
      output.line(Program.prefix("lint") + style.green("OK") + (options.quiet ? "" : " (\(counts))"))
      return .passed
    }
    output.line(
      Program.prefix("lint") + style.red("FAIL")
        + " (\(problems.count) \(problems.count == 1 ? "problem" : "problems"))")
    return .failed
  }
}
