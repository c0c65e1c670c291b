/// `duet-verify taxonomy [--markdown|--json]`: the wiring of the taxonomy report (find the manifest,
/// stream the recordings through the gate); rendering is `TaxonomyCommand`'s.
enum TaxonomyVerb {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let format: TaxonomyCommand.Format = options.markdown ? .markdown : options.json ? .json : .table
    guard let corpus = context.corpus(options) else { return .usage }
    let scanned = lintAndGate(corpus)
    for problem in scanned.lint.problems { output.diagnostic(problem.description) }
    for warning in scanned.lint.warnings { output.diagnostic("warning: " + warning.description.printable) }
    let rendered = TaxonomyCommand.render(report: scanned.gate.report(), format: format)
    let text = rendered.text.hasSuffix("\n") ? rendered.text : rendered.text + "\n"
    format == .json ? output.json(text) : output.write(text)
    if corpus.manifestBroken { return .failed }
    return rendered.exitCode
  }

  /// Lint over the corpus, every recording that loads shown to the taxonomy gate on the way (one
  /// read each); the gate is left for the caller to report or finish.
  static func lintAndGate(_ corpus: Corpus) -> (lint: LintResult, gate: TaxonomyGate) {
    var gate = TaxonomyGate(declared: corpus.manifest.telemetry)
    let lint = Linter(corpus: corpus).run(inspecting: { listed, document in
      gate.add(fixture: listed.name, loaded: document, feature: listed.owner)
    })
    return (lint, gate)
  }
}
