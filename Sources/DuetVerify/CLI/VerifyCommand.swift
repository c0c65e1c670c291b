import DuetPlatform

/// `duet-verify verify`: lint, replay every selected recording on every lane and byte-compare, run
/// the taxonomy gate, then report (JUnit, HTML, `.runs/`, annotations, JSON or the terminal).
///
/// Reads as load → select → lanes (``LaneSetup``) → one streaming pass per lane (``LanesPass``:
/// lint, taxonomy, replay) → outputs (``ReportOutputs``); each step lives in its own type.
enum VerifyCommand {
  static func run(_ given: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    guard let corpus = context.corpus(given) else { return .usage }
    let plan: ShardPlan
    switch ShardPlan.make(given, corpus: corpus, context: context) {
    case .success(let made): plan = made
    case .failure(let error):
      output.diagnostic(error.description)
      return .usage
    }
    let options = plan.options
    let manifest = corpus.manifest
    for warning in manifest.warnings { output.diagnostic("warning: " + warning.description.printable) }
    if corpus.manifestBroken {
      // The manifest itself is broken: nothing can be replayed safely; lint says everything wrong.
      let run = RunResult(lanes: [], lintProblems: CorpusScan.run(corpus).lint.problems, arguments: options)
      _ = report(run, options: options, context: context, manifest: manifest)
      return .failed
    }
    let selection: [ListedFixture]
    do {
      selection = try FixtureSelection.select(
        from: manifest, features: options.features, shard: options.shard,
        allowEmptyShard: options.allowEmptyShard, chainNodes: options.features.isEmpty ? [:] : corpus.chainNodes(),
        cost: plan.cost)
    } catch {
      for problem in CorpusScan.run(corpus).lint.problems { output.diagnostic(problem.description) }
      output.diagnostic(error.description)
      return .usage
    }
    if selection.isEmpty { return emptyShard(corpus, options: options, context: context, source: plan.source) }
    // Runners live in their own process groups, so a terminal's Ctrl-C never reaches them: stop
    // them here, or a hung one would outlive the command.
    let interrupts = InterruptGuard.stoppingRunners(verb: "verify", output: output)
    interrupts.install()
    defer { interrupts.uninstall() }
    let lanes: [Lane]
    switch LaneSetup.choose(options, manifest: manifest, context: context, verb: .verify) {
    case .ready(let ready): lanes = ready
    case .stop(let code): return code
    }
    let progress =
      output.errorIsTerminal && !options.quiet && !options.json
      ? ProgressLine(total: selection.count * lanes.count, write: output.writeDiagnostic) : nil
    let logProgress =
      !output.errorIsTerminal && !options.quiet
      ? LogProgress(
        total: selection.count * lanes.count, environment: context.environment, write: output.writeDiagnostic)
      : nil
    let runs = StreamedRunsFolder(RunsFolder(location: manifest.location))
    let keepSteps = options.json
    var pass = LanesPass(corpus: corpus, lanes: lanes)
    // Without --json a passed recording is kept slimmed: its steps are never listed.
    pass.listsPassedSteps = keepSteps
    var (run, taxonomy) = pass.run(
      selected: selection, arguments: options,
      onResult: { lane, result in
        // After a signal, a result is the stop's (its runner was killed): not staged, not counted.
        guard ProcessStop.shared.unlessStopping({ runs.write(result, lane: lane) }) != nil else {
          return ProcessStop.shared.holdIfStopping()
        }
        progress?.advance()
        logProgress?.advance(passed: result.passed)
      },
      keep: { keep(&$0, listingSteps: keepSteps) })
    progress?.finish()
    logProgress?.finish()
    run.shardSource = plan.source
    if options.shard != nil { run.corpusFingerprint = CorpusFingerprint.of(corpus) }
    let passed = report(run, options: options, context: context, manifest: manifest, streamed: runs, taxonomy: taxonomy)
    return passed ? .passed : .failed
  }

  /// What the final report keeps of `result`: all of it when it lists steps (`--json`); else a
  /// passed recording slimmed and without its scenario path, which the reports show only with a
  /// failure, so no passed recording's path is held, or hashed to be shared (`PassResults`). A
  /// failed one is kept whole.
  /// The result is trimmed in place: nothing of it is copied.
  static func keep(_ result: inout FixtureResult, listingSteps: Bool) {
    guard !listingSteps, result.passed else { return }
    result.slim()
    result.scenarioSource = nil
  }

  /// `--shard K/N --allow-empty-shard` and this share holds nothing: no runner is built or started,
  /// but the whole corpus is still linted and held to the taxonomy, and the run says so.
  static func emptyShard(
    _ corpus: Corpus, options: ParsedArguments, context: CommandContext, source: String?
  ) -> ExitCode {
    let scanned = CorpusScan.run(corpus)
    var run = RunResult(
      lanes: [], lintProblems: scanned.lint.problems, taxonomyFindings: scanned.findings, shard: options.shard,
      arguments: options)
    run.allowsEmpty = true
    run.shardSource = source
    run.corpusFingerprint = CorpusFingerprint.of(corpus)
    let passed = report(
      run, options: options, context: context, manifest: corpus.manifest, taxonomy: scanned.taxonomy)
    return passed ? .passed : .failed
  }

  /// Every output of the run (``ReportOutputs``: the requested JUnit and HTML files, annotations,
  /// stdout), with `.runs/` once the verdict is known. When the recordings' results were `streamed`
  /// to `.runs/` already, only the summary is written here. The verdict: true when the run passed
  /// and every report the user asked for was written. (`.runs/` is not asked for: a failure there
  /// is said, and the verdict stands.)
  static func report(
    _ run: RunResult, options: ParsedArguments, context: CommandContext, manifest: Manifest,
    streamed: StreamedRunsFolder? = nil, taxonomy: TaxonomyReport? = nil
  ) -> Bool {
    let output = context.output
    let outputs = ReportOutputs(options, context: context, location: manifest.location)
    let runs = streamed ?? StreamedRunsFolder(RunsFolder(location: manifest.location))
    // An interrupted run writes no report: the reports are written whole before a signal's stop
    // goes on, or not at all (the stop then ends the process).
    let written = ProcessStop.shared.unlessStopping { () -> (passed: Bool, error: RunsFolderError?) in
      let passed = outputs.writeRun(
        run, passed: run.passed, features: manifest.features.map(\.name), taxonomy: taxonomy,
        timings: options.writeTimings.map { RequestedFile(url: resolve($0, against: context.folder), typed: $0) })
      if streamed == nil {
        for lane in run.lanes {
          for result in lane.fixtures { runs.write(result, lane: run.naming.tag(lane.platform)) }
        }
      }
      do throws(RunsFolderError) {
        try runs.finish(run, passed: passed)
        return (passed, nil)
      } catch {
        return (passed, error)
      }
    }
    ProcessStop.shared.holdIfStopping()
    guard let written else { return false }
    let passed = written.passed
    if let error = written.error { output.diagnostic(error.description) }
    for note in runs.notes.all { output.diagnostic(Program.prefix() + note) }
    outputs.printRun(run, passed: passed, options: options, environment: context.environment)
    return passed
  }
}
