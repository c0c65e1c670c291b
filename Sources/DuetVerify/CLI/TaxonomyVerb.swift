/// `duet-verify taxonomy [--markdown|--json]`: the wiring of the taxonomy report (find the manifest,
/// stream the recordings through the gate); rendering is `TaxonomyCommand`'s.
enum TaxonomyVerb {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let format: TaxonomyCommand.Format = options.markdown ? .markdown : options.json ? .json : .table
    let repository: Repository
    do {
      repository = try Repository.load(manifestPath: options.manifest, from: context.folder, taxonomy: true)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    for problem in repository.lint.problems { output.diagnostic(problem.description) }
    for warning in repository.lint.warnings { output.diagnostic("warning: " + warning.description.printable) }
    let rendered = TaxonomyCommand.render(report: repository.gate.report(), format: format)
    output.write(rendered.text.hasSuffix("\n") ? rendered.text : rendered.text + "\n")
    if repository.manifestBroken { return .failed }
    return rendered.exitCode
  }
}
