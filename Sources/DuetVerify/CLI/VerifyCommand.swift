import Foundation

/// `duet-verify verify`: lint, replay every selected recording through the runner pool and
/// byte-compare, run the taxonomy gate, then report (terminal, `.runs/`, JSON, JUnit, annotations).
///
/// Reads as load → select → start runners → one streaming pass (lint, taxonomy, replay) → report;
/// each step lives in its own type.
enum VerifyCommand {
  static let flags: Set<String> = [
    "--manifest", "--runner", "--feature", "--jobs", "--timeout", "--shard", "--json", "--junit", "--quiet",
    "--no-color",
  ]

  static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    let output = context.output
    let options: CommonOptions
    do {
      options = try CommonOptions.parse(arguments, verb: "verify", allowed: flags)
    } catch {
      output.diagnostic(error.message)
      return .usage
    }
    if let extra = options.positional.first {
      output.diagnostic("duet-verify verify: unexpected argument '\(extra)'. Scope a run with --feature F instead.")
      return .usage
    }
    let location: ManifestLocation
    do {
      location = try ManifestLocation.discover(explicit: options.manifest, from: context.folder)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    let read = ManifestReader.load(location)
    let linter = Linter(
      manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: location))
    if !read.problems.isEmpty {
      // The manifest itself is broken: nothing can be replayed safely; lint says everything wrong.
      let run = RunResult(fixtures: [], lintProblems: linter.run().problems)
      report(run, options: options, context: context, manifest: read.manifest)
      return .failed
    }
    let selection: [ListedFixture]
    do {
      selection = try FixtureSelection.select(
        from: read.manifest, feature: options.feature, shard: options.shard,
        chainNodes: options.feature == nil ? [:] : chainNodes(linter))
    } catch {
      for problem in linter.run().problems { output.diagnostic(problem.description) }
      output.diagnostic(error.description)
      return .usage
    }
    // Runners live in their own process groups, so a terminal's Ctrl-C never reaches them: stop
    // them here, or a hung one would outlive the command.
    let interrupts = InterruptGuard.stoppingRunners(verb: "verify", output: output)
    interrupts.install()
    defer { interrupts.uninstall() }
    let runner: RunnerSetup.Chosen
    do {
      runner = try RunnerSetup.choose(
        options, manifest: read.manifest, folder: context.folder, environment: context.environment, output: output)
    } catch {
      switch error {
      case .usage(let message):
        output.diagnostic(message)
        return .usage
      case .build(let failure):
        if !failure.output.isEmpty {
          output.diagnostic(String(failure.output.reversed().drop { $0 == "\n" }.reversed()))
        }
        output.diagnostic(failure.message)
        return .failed
      }
    }
    let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let limits = RunnerSetup.limits(options)
    let pool = RunnerPool(launcher: runner.launcher, size: jobs)
    let progress =
      output.errorIsTerminal && !options.quiet && !options.json
      ? ProgressLine(total: selection.count, write: output.writeDiagnostic) : nil
    let runs = StreamedRunsFolder(RunsFolder(location: location))
    let keepSteps = options.json
    let pass = CorpusPass(
      linter: linter, pool: pool, depth: CorpusReplay.defaultPipelineDepth, timeout: limits.timeout
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
    let run = RunResult(
      fixtures: pass.results, lintProblems: pass.lint.problems, taxonomyFindings: pass.findings,
      runnerFailures: failures, runners: pass.runners, durationMillis: pass.durationMillis, shard: options.shard,
      runner: runner.identity)
    report(run, options: options, context: context, manifest: read.manifest, streamed: runs)
    return run.passed ? .passed : .failed
  }

  /// Chain recording → its nodes, for `--feature` scoping (only chains are read, and only then).
  static func chainNodes(_ linter: Linter) -> [String: [String]] {
    var nodes: [String: [String]] = [:]
    for listed in linter.manifest.listedFixtures where listed.isChain {
      if case .success(let inspected) = InspectedFixture.read(listed.name, from: linter.store) {
        nodes[listed.name] = inspected.document.nodes
      }
    }
    return nodes
  }

  /// Every reporter: `.runs/`, JUnit, then stdout (JSON or human, plus annotations). When the
  /// recordings' results were `streamed` to `.runs/` already, only the summary is written here.
  static func report(
    _ run: RunResult, options: CommonOptions, context: CommandContext, manifest: Manifest,
    streamed: StreamedRunsFolder? = nil
  ) {
    let output = context.output
    do throws(RunsFolderError) {
      if let streamed {
        try streamed.finish(run)
      } else {
        try RunsFolder(location: manifest.location).write(run)
      }
    } catch {
      output.diagnostic(error.description)
    }
    if let junit = options.junit {
      let url = resolve(options.shard?.reportPath(junit) ?? junit, against: context.folder)
      do {
        try AtomicFile.write(JUnitReport.render(run), to: url)
      } catch {
        output.diagnostic("duet-verify: cannot write the JUnit report to \(url.path) (\(error)). Check the path.")
      }
    }
    if GitHubAnnotations.enabled(environment: context.environment) {
      // Under --json, stdout holds exactly one object; the runner reads workflow commands on stderr too.
      for line in GitHubAnnotations.lines(for: run) { options.json ? output.diagnostic(line) : output.line(line) }
    }
    if options.json {
      output.write(JSONReport.render(run))
      return
    }
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    output.write(HumanReport.render(run, style: style, quiet: options.quiet))
  }
}

/// What every verb gets: where to write, the environment, and the folder it was run from.
struct CommandContext {
  var output: CommandOutput
  var environment: [String: String]
  var folder: URL
}
