import Foundation

/// `duet-verify record [--feature F | --chain C]` and `record --check [--write]`: recordings as
/// build products of scenarios, and drift as a CI failure (fixtures.md).
///
/// Reads as load → compile every target through the runner → plan → write (record), or judge and
/// stage (check). Nothing is written until every target has compiled, so a runner that crashes or
/// hangs halfway leaves the fixtures folder byte-identical; SIGINT or SIGTERM before the writes
/// stops the runners and exits without writing, and one during the writes waits for them to finish.
enum RecordCommand {
  static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    let output = context.output
    let options: RecordOptions
    do {
      options = try RecordOptions.parse(arguments)
    } catch {
      output.diagnostic(error.message)
      return .usage
    }
    let verb = options.verb
    let location: ManifestLocation
    do {
      location = try ManifestLocation.discover(explicit: options.common.manifest, from: context.folder)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    let (manifest, problems) = ManifestReader.load(location)
    if !problems.isEmpty {
      for problem in problems { output.diagnostic("✗ " + problem.description) }
      output.diagnostic(
        "duet-verify \(verb): fix the manifest first (duet-verify lint lists every problem); nothing was recorded.")
      return .failed
    }
    if let refusal = escapingFolder(location, verb: verb) {
      output.diagnostic(refusal)
      return .failed
    }
    let targets: [RecordTarget]
    do {
      targets = try RecordTarget.select(from: manifest, feature: options.common.feature, chain: options.chain)
    } catch {
      output.diagnostic(error.message)
      return .usage
    }
    // Until the final writing phase nothing is written, so an interrupt (during a runner build or
    // the compilation) stops at once; one during the writes waits for them.
    let interrupts = InterruptGuard.exiting(output: output) { signal, afterWrites in
      afterWrites
        ? "duet-verify \(verb): interrupted (\(signal)) while writing; the writes were allowed to finish first, "
          + "so no recording is half-written and no temporary file is left."
        : "duet-verify \(verb): interrupted (\(signal)) before writing anything: the runners were stopped and the "
          + "fixtures folder is unchanged."
    }
    interrupts.install()
    defer { interrupts.uninstall() }
    let runner: RunnerSetup.Chosen
    do {
      runner = try RunnerSetup.choose(
        options.common, manifest: manifest, folder: context.folder, environment: context.environment, output: output)
    } catch {
      switch error {
      case .usage(let message):
        output.diagnostic(message)
        return .usage
      case .build(let failure):
        if !failure.output.isEmpty { output.diagnostic(failure.output) }
        output.diagnostic(failure.message)
        return .failed
      }
    }
    return compileAndWrite(
      targets, runner: runner, options: options, manifest: manifest, context: context, interrupts: interrupts)
  }

  /// Compiles every target, then (in the guarded writing phase) writes or stages and reports.
  static func compileAndWrite(
    _ targets: [RecordTarget], runner: RunnerSetup.Chosen, options: RecordOptions, manifest: Manifest,
    context: CommandContext, interrupts: InterruptGuard
  ) -> ExitCode {
    let output = context.output
    let verb = options.verb
    let location = manifest.location
    let limits = RunnerSetup.limits(options.common)
    let pool = RunnerPool(
      launcher: runner.launcher,
      size: options.common.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let compiled = ScenarioCompilation(pool: pool, timeout: limits.timeout).run(targets)
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.common.noColor)
    if let refusal = refusal(compiled.targets, runner: runner.command.display, verb: verb, style: style) {
      output.write(refusal)
      return .failed
    }
    let plan = RecordPlan.make(
      outcomes: compiled.targets, manifest: manifest, store: FixtureStore(location: location),
      wholeManifest: options.common.feature == nil && options.chain == nil)
    let report = ReportContext(
      style: style, quiet: options.common.quiet, durationMillis: compiled.durationMillis, runner: runner.identity)
    guard interrupts.beginWriting() else { return .failed }
    defer { interrupts.finishWriting() }
    return options.check
      ? DriftCheck.finish(plan, manifest: manifest, apply: options.write, report: report, output: output)
      : record(plan, manifest: manifest, report: report, output: output)
  }

  /// Why record must not write through `location`'s folders: the fixtures folder (or `.runs/`, where
  /// `--check` stages) is a link leading outside the repository.
  static func escapingFolder(_ location: ManifestLocation, verb: String) -> String? {
    for folder in [location.fixturesFolder, location.runsFolder] {
      if let target = FileInspection.leaves(location.root, at: folder) {
        return
          "duet-verify \(verb): \(location.relativePath(of: folder))/ is a link leading outside the repository (to "
          + "\(target)); nothing was recorded. Make it a real folder inside the repository."
      }
    }
    return nil
  }

  /// Plain `record`: write everything that changed, then report.
  static func record(_ plan: RecordPlan, manifest: Manifest, report: ReportContext, output: CommandOutput) -> ExitCode {
    let location = manifest.location
    do {
      try RecordWriter.write(plan.writes, into: location.fixturesFolder, display: location.relativePath(of:))
    } catch {
      output.write(report.style.red("✗") + " duet-verify record: " + error.description + "\n")
      output.write(SummaryLine.verdict(verb: "record", passed: false, style: report.style) + "\n")
      return .failed
    }
    output.write(RecordReport.recorded(plan, manifest: manifest, context: report))
    return plan.scenarioFailures.isEmpty ? .passed : .failed
  }

  /// The report for a run that must write nothing: a runner that cannot record, or one that failed.
  static func refusal(_ outcomes: [TargetOutcome], runner: String, verb: String, style: TerminalStyle) -> String? {
    for outcome in outcomes {
      if case .cannotRecord(let reason) = outcome.result {
        return style.red("✗")
          + " this runner cannot record: \(reason); verify still works with it. Record with a runner whose "
          + "handshake advertises \"capabilities\":[\"record\"] (any runner serving a DuetReplay registry). "
          + "Runner: \(runner)\n" + SummaryLine.verdict(verb: verb, passed: false, style: style)
          + "\n"
      }
    }
    let failures = outcomes.compactMap { outcome -> String? in
      if case .runnerFailed(let text) = outcome.result { return text }
      return nil
    }
    guard !failures.isEmpty else { return nil }
    var lines = failures.map { style.red("✗") + " " + $0 }
    lines.append(
      "duet-verify \(verb): the runner failed, so nothing was written and the fixtures folder is unchanged. Fix the runner "
        + "(or raise --timeout S) and run it again.")
    lines.append(SummaryLine.verdict(verb: verb, passed: false, style: style))
    return lines.joined(separator: "\n") + "\n"
  }
}
