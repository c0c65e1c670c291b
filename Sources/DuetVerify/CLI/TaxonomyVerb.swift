/// `duet-verify taxonomy [--markdown|--json]`: the wiring of the taxonomy report (find the manifest,
/// stream the recordings through the gate); rendering is `TaxonomyCommand`'s.
enum TaxonomyVerb {
  static let flags: Set<String> = ["--manifest", "--no-color", "--quiet"]

  static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    let output = context.output
    let format: TaxonomyCommand.Format
    let rest: [String]
    switch TaxonomyCommand.format(from: arguments) {
    case .success(let parsed): (format, rest) = parsed
    case .failure(let error):
      output.diagnostic(error.description)
      return .usage
    }
    let options: CommonOptions
    do {
      options = try CommonOptions.parse(rest, verb: "taxonomy", allowed: flags)
    } catch {
      output.diagnostic(error.message)
      return .usage
    }
    if let extra = options.positional.first {
      output.diagnostic("duet-verify taxonomy: unexpected argument '\(extra)'. It reads every recording.")
      return .usage
    }
    let repository: Repository
    do {
      repository = try Repository.load(manifestPath: options.manifest, from: context.folder, taxonomy: true)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    for problem in repository.lint.problems { output.diagnostic(problem.description) }
    for warning in repository.lint.warnings { output.diagnostic("warning: " + warning.description) }
    let rendered = TaxonomyCommand.render(report: repository.gate.report(), format: format)
    output.write(rendered.text.hasSuffix("\n") ? rendered.text : rendered.text + "\n")
    if repository.manifestBroken { return .failed }
    return rendered.exitCode
  }
}
