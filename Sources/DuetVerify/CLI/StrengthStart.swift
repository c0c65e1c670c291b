import DuetPlatform

/// The opening both strength verbs share, before anything is copied or built: `--runner` refused,
/// the corpus loaded (a broken manifest fails with its problems), `replayRunner:` required, the
/// manifest's paths gated as lint gates them, the recordings selected.
struct StrengthStart {
  var corpus: Corpus
  var selection: [ListedFixture]
  /// The runner package's folder, and as sentences show it.
  var folder: URL
  var shown: String

  /// The start of `verb`, or the exit code after its sentence was said.
  static func open(_ verb: Verb, options: ParsedArguments, context: CommandContext) -> Result<StrengthStart, Stop> {
    let output = context.output
    if let runner = options.runners.first {
      output.diagnostic(StrengthError.runnerGiven(verb: verb.rawValue, runner: runner).description)
      return .failure(Stop(code: .usage))
    }
    guard let corpus = context.corpus(options) else { return .failure(Stop(code: .usage)) }
    let manifest = corpus.manifest
    for warning in manifest.warnings { output.diagnostic("warning: " + warning.description.printable) }
    if corpus.manifestBroken {
      for problem in CorpusScan.run(corpus).lint.problems { output.diagnostic(problem.description) }
      return .failure(Stop(code: .failed))
    }
    guard let package = manifest.replayRunner else {
      output.diagnostic(
        StrengthError.noRunnerPackage(verb: verb.rawValue, manifest: manifest.location.displayName).description)
      return .failure(Stop(code: .usage))
    }
    do throws(RunnerSetup.Failure) {
      // What lint refuses in the manifest's paths is refused before anything is copied or built.
      try RunnerSetup.gate(manifest)
    } catch {
      output.diagnostic(error.description)
      return .failure(Stop(code: .failed))
    }
    let selection: [ListedFixture]
    do {
      selection = try FixtureSelection.select(
        from: manifest, features: options.features, shard: nil,
        chainNodes: options.features.isEmpty ? [:] : corpus.chainNodes())
    } catch {
      output.diagnostic(error.description)
      return .failure(Stop(code: .usage))
    }
    let root = manifest.location.root
    let folder = root.appendingPathComponent(package.name)
    return .success(
      StrengthStart(
        corpus: corpus, selection: selection, folder: folder, shown: RunnerBuilder.displayPath(folder, root: root)))
  }

  /// The verb stops before starting, with this exit code (its sentence already said).
  struct Stop: Error {
    var code: ExitCode
  }
}
