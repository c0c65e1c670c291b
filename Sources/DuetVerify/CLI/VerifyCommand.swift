import Foundation

/// `duet-verify verify`: lint, replay every selected recording through the runner pool and
/// byte-compare, run the taxonomy gate, then report (terminal, `.runs/`, JSON, JUnit, annotations).
///
/// Reads as load → select → start runners → replay → report; each step lives in its own type.
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
    let repository: Repository
    do {
      repository = try Repository.load(manifestPath: options.manifest, from: context.folder, taxonomy: true)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    if repository.manifestBroken {
      let run = RunResult(fixtures: [], lintProblems: repository.lint.problems)
      report(run, options: options, context: context, repository: repository)
      return .failed
    }
    let selection: [ListedFixture]
    do {
      selection = try FixtureSelection.select(
        from: repository.manifest, feature: options.feature, shard: options.shard, chainNodes: repository.chainNodes)
    } catch {
      for problem in repository.lint.problems { output.diagnostic(problem.description) }
      output.diagnostic(error.description)
      return .usage
    }
    let command: RunnerCommand
    do {
      command = try RunnerSetup.command(
        options, manifest: repository.manifest, folder: context.folder, environment: context.environment)
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
    let pool = RunnerPool(
      launcher: ProcessRunnerLauncher(command: command, limits: RunnerSetup.limits(options)), size: jobs)
    let progress =
      output.errorIsTerminal && !options.quiet && !options.json
      ? ProgressLine(total: selection.count, write: output.writeDiagnostic) : nil
    let replay = CorpusReplay(store: repository.store, pool: pool).run(
      selection, knownUnreadable: repository.lint.loadFailures, onResult: { _ in progress?.advance() })
    progress?.finish()
    var failures: [String] = []
    for failure in replay.startFailures where !failures.contains(failure.description) {
      failures.append(failure.description)
    }
    let run = RunResult(
      fixtures: replay.results, lintProblems: repository.lint.problems, taxonomyFindings: repository.findings,
      runnerFailures: failures, runners: replay.runners, durationMillis: replay.durationMillis)
    report(run, options: options, context: context, repository: repository)
    return run.passed ? .passed : .failed
  }

  /// Every reporter: `.runs/`, JUnit, then stdout (JSON or human, plus annotations).
  static func report(_ run: RunResult, options: CommonOptions, context: CommandContext, repository: Repository) {
    let output = context.output
    do {
      try RunsFolder(location: repository.manifest.location).write(run)
    } catch {
      output.diagnostic(error.description)
    }
    if let junit = options.junit {
      let url = resolve(junit, against: context.folder)
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
