/// `duet-verify taxonomy [--markdown|--json]`: the wiring of the taxonomy report (find the manifest,
/// scan the corpus); rendering is `TaxonomyCommand`'s.
enum TaxonomyVerb {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let format: TaxonomyCommand.Format = options.markdown ? .markdown : options.json ? .json : .table
    guard let corpus = context.corpus(options) else { return .usage }
    let scanned = CorpusScan.run(corpus)
    for problem in scanned.lint.problems { output.diagnostic(problem.description) }
    for warning in scanned.lint.warnings { output.diagnostic("warning: " + warning.description.printable) }
    let rendered = TaxonomyCommand.render(report: scanned.taxonomy, format: format)
    let text = rendered.text.hasSuffix("\n") ? rendered.text : rendered.text + "\n"
    format == .json ? output.json(text) : output.write(text)
    if corpus.manifestBroken { return .failed }
    return rendered.exitCode
  }

}
