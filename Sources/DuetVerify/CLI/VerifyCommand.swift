import Foundation

/// `duet-verify verify`: lint, replay every selected recording through the runner pool and
/// byte-compare, run the taxonomy gate, then report (terminal, `.runs/`, JSON, JUnit, annotations).
///
/// Reads as load → select → start runners → one streaming pass (lint, taxonomy, replay) → report;
/// each step lives in its own type.
enum VerifyCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    guard let corpus = context.corpus(options) else { return .usage }
    let manifest = corpus.manifest
    for warning in manifest.warnings { output.diagnostic("warning: " + warning.description.printable) }
    if corpus.manifestBroken {
      // The manifest itself is broken: nothing can be replayed safely; lint says everything wrong.
      let run = RunResult(fixtures: [], lintProblems: Linter(corpus: corpus).run().problems)
      _ = report(run, options: options, context: context, manifest: manifest)
      return .failed
    }
    let selection: [ListedFixture]
    do {
      selection = try FixtureSelection.select(
        from: manifest, features: options.features, shard: options.shard,
        allowEmptyShard: options.allowEmptyShard, chainNodes: options.features.isEmpty ? [:] : corpus.chainNodes())
    } catch {
      for problem in Linter(corpus: corpus).run().problems { output.diagnostic(problem.description) }
      output.diagnostic(error.description)
      return .usage
    }
    if selection.isEmpty { return emptyShard(corpus, options: options, context: context) }
    // Runners live in their own process groups, so a terminal's Ctrl-C never reaches them: stop
    // them here, or a hung one would outlive the command.
    let interrupts = InterruptGuard.stoppingRunners(verb: "verify", output: output)
    interrupts.install()
    defer { interrupts.uninstall() }
    let runner: RunnerSetup.Choice
    switch LaneSetup.choose(options, manifest: manifest, context: context, verb: .verify) {
    case .single(let choice): runner = choice
    case .lanes(let lanes):
      return replayLanes(lanes, selection: selection, corpus: corpus, options: options, context: context)
    case .stop(let code): return code
    }
    let progress =
      output.errorIsTerminal && !options.quiet && !options.json
      ? ProgressLine(total: selection.count, write: output.writeDiagnostic) : nil
    let runs = StreamedRunsFolder(RunsFolder(location: manifest.location))
    let keepSteps = options.json
    let pass = CorpusPass(
      corpus: corpus, pool: runner.pool, depth: CorpusPass.defaultPipelineDepth, timeout: runner.limits.timeout
    ).run(
      selected: selection,
      onResult: { result in
        runs.write(result)
        progress?.advance()
      },
      keep: { keepSteps ? $0 : $0.slimmed })
    progress?.finish()
    var failures: [String] = []
    for failure in pass.startFailures where !failures.contains(failure.description) {
      failures.append(failure.description)
    }
    for failure in pass.streamFailures where !failures.contains(failure.description) {
      failures.append(failure.description)
    }
    var run = RunResult(
      fixtures: pass.results, lintProblems: pass.lint.problems, taxonomyFindings: pass.findings,
      runnerFailures: failures, runners: pass.runners, durationMillis: pass.durationMillis, shard: options.shard,
      runner: runner.identity)
    run.runFlags = options.flags
    let written = report(
      run, options: options, context: context, manifest: manifest, streamed: runs, taxonomy: pass.taxonomy)
    return run.passed && written ? .passed : .failed
  }

  /// Several runners: every selected recording on every lane at once (`--shard` has split the
  /// recordings already, never the lanes), then one report with a part per lane.
  static func replayLanes(
    _ lanes: [Lane], selection: [ListedFixture], corpus: Corpus, options: ParsedArguments, context: CommandContext
  ) -> ExitCode {
    let output = context.output
    let progress =
      output.errorIsTerminal && !options.quiet && !options.json
      ? ProgressLine(total: selection.count * lanes.count, write: output.writeDiagnostic) : nil
    let runs = StreamedRunsFolder(RunsFolder(location: corpus.manifest.location))
    let keepSteps = options.json
    let (lanesRun, taxonomy) = LanesPass(corpus: corpus, lanes: lanes).run(
      selected: selection, shard: options.shard,
      onResult: { lane, result in
        runs.write(result, lane: lane)
        progress?.advance()
      },
      keep: { keepSteps ? $0 : $0.slimmed })
    progress?.finish()
    var run = lanesRun
    run.runFlags = options.flags
    let written = report(
      run, options: options, context: context, manifest: corpus.manifest, streamed: runs,
      taxonomy: taxonomy)
    return run.passed && written ? .passed : .failed
  }

  /// `--shard K/N --allow-empty-shard` and this share holds nothing: no runner is built or started,
  /// but the whole corpus is still linted and held to the taxonomy, and the run says so.
  static func emptyShard(_ corpus: Corpus, options: ParsedArguments, context: CommandContext) -> ExitCode {
    let scanned = TaxonomyVerb.lintAndGate(corpus)
    var run = RunResult(
      fixtures: [], lintProblems: scanned.lint.problems, taxonomyFindings: scanned.gate.finish(), shard: options.shard)
    run.allowsEmpty = true
    let written = report(
      run, options: options, context: context, manifest: corpus.manifest,
      taxonomy: scanned.gate.report())
    return run.passed && written ? .passed : .failed
  }

  /// Every reporter: `.runs/`, JUnit, HTML, then stdout (JSON or human, plus annotations). When the
  /// recordings' results were `streamed` to `.runs/` already, only the summary is written here.
  /// False when a report the user asked for (`--junit FILE`, `--html FILE`) could not be written: the run then
  /// fails, since CI would otherwise read an old file or none. (`.runs/` is not asked for: a
  /// failure there is said, and the verdict stands.)
  static func report(
    _ run: RunResult, options: ParsedArguments, context: CommandContext, manifest: Manifest,
    streamed: StreamedRunsFolder? = nil, taxonomy: TaxonomyReport? = nil
  ) -> Bool {
    let output = context.output
    let runs = streamed ?? StreamedRunsFolder(RunsFolder(location: manifest.location))
    if streamed == nil { for result in run.fixtures { runs.write(result) } }
    do throws(RunsFolderError) {
      try runs.finish(run)
    } catch {
      output.diagnostic(error.description)
    }
    for note in runs.notes.all { output.diagnostic("\(Program.name): " + note) }
    var written = true
    if let junit = options.junit {
      written = writeAsked(JUnitReport.render(run), to: junit, kind: "JUnit", options: options, context: context)
    }
    if let html = options.html {
      let features = manifest.features.map(\.name)
      let rendered = HTMLReport.render(
        ParityPage(run: run, features: features, taxonomy: taxonomy))
      written = writeAsked(rendered, to: html, kind: "HTML", options: options, context: context) && written
    }
    if GitHubAnnotations.enabled(environment: context.environment) {
      // Under --json, stdout holds exactly one object; the runner reads workflow commands on stderr too.
      for line in GitHubAnnotations.lines(for: run) { output.workflowCommand(line, toStandardError: options.json) }
    }
    if options.json {
      output.json(JSONReport.render(run))
      return written
    }
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    var text = HumanReport.render(run, style: style, quiet: options.quiet)
    if !written, run.passed {
      // The recordings passed, but the run did not: its last line says so.
      text =
        text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "\n") + "\n" + SummaryLine.verdict(verb: "verify", passed: false, style: style) + "\n"
    }
    output.write(text)
    return written
  }

  /// Writes a report the user asked for (`--junit FILE`, `--html FILE`; a shard's share gets its own
  /// file); false, with the reason said, when it could not be written.
  static func writeAsked(
    _ text: String, to path: String, kind: String, options: ParsedArguments, context: CommandContext
  ) -> Bool {
    let url = resolve(options.shard?.reportPath(path) ?? path, against: context.folder)
    do throws(ReportWriteError) {
      try SafeFolder.writeFile(text, at: url)
      return true
    } catch {
      context.output.diagnostic(
        "\(Program.name): the \(kind) report you asked for was not written, so the run fails: \(error.description)")
      return false
    }
  }
}
