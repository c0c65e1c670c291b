import DuetPlatform
import DuetRunner

/// `duet-verify record [--feature F | --chain C]` and `record --check [--write]`: recordings as
/// build products of scenarios, and drift as a CI failure (docs/recording.md).
///
/// Reads as load → compile every target through the runner → plan → write (record), or judge and
/// stage (check). Nothing is written until every target has compiled, so a runner that crashes or
/// hangs halfway leaves the fixtures folder byte-identical; SIGINT or SIGTERM before the writes
/// stops the runners and exits without writing, and one during the writes waits for them to finish.
enum RecordCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let verb = options.check ? "record --check" : "record"
    guard let location = context.manifestLocation(options) else { return .usage }
    let (manifest, problems) = ManifestReader.load(location)
    for warning in manifest.warnings { output.diagnostic("warning: " + warning.description.printable) }
    if !problems.isEmpty {
      for problem in problems { output.diagnostic("✗ " + problem.description) }
      output.diagnostic(
        Program.prefix(verb)
          + "fix the manifest first (\(Program.name) lint lists every problem); nothing was recorded."
      )
      return .failed
    }
    if let refusal = escapingFolder(location, verb: verb) {
      output.diagnostic(refusal)
      return .failed
    }
    let targets: [RecordTarget]
    do {
      targets = try RecordTarget.select(from: manifest, features: options.features, chain: options.chain)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    // Until the final writing phase nothing is written, so an interrupt (during a runner build or
    // the compilation) stops at once; one during the writes waits for them.
    let interrupts = InterruptGuard.exiting(output: output) { signal, afterWrites in
      afterWrites
        ? Program.prefix(verb) + "interrupted (\(signal)) while writing; the writes were allowed to finish first, "
          + "so no recording is half-written and no temporary file is left."
        : Program.prefix(verb) + "interrupted (\(signal)) before writing anything: the runners were stopped and the "
          + "fixtures folder is unchanged."
    }
    interrupts.install()
    defer { interrupts.uninstall() }
    // `record` takes one `--runner`: its one lane compiles every target.
    let runner: Lane
    switch LaneSetup.choose(options, manifest: manifest, context: context, verb: .record) {
    case .ready(let lanes): runner = lanes[0]
    case .stop(let code): return code
    }
    return compileAndWrite(
      targets, runner: runner, options: options, manifest: manifest, context: context, interrupts: interrupts)
  }

  /// Compiles every target, then (in the guarded writing phase) writes or stages and reports.
  static func compileAndWrite(
    _ targets: [RecordTarget], runner: Lane, options: ParsedArguments, manifest: Manifest,
    context: CommandContext, interrupts: InterruptGuard
  ) -> ExitCode {
    let output = context.output
    let verb = options.check ? "record --check" : "record"
    let location = manifest.location
    let compiled = ScenarioCompilation(pool: runner.pool).run(targets)
    // Runners a signal killed fail their targets: that refusal is the stop's, not the user's.
    ProcessStop.shared.holdIfStopping()
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    if let refusal = refusal(
      compiled.targets, streamFailures: compiled.streamFailures, runner: runner.runner.command.display, verb: verb,
      style: style)
    {
      output.write(refusal)
      return .failed
    }
    var plan = RecordPlan.make(
      outcomes: compiled.targets, manifest: manifest, store: FixtureStore(location: location),
      wholeManifest: options.features.isEmpty && options.chain == nil)
    // A Swift runner (its handshake says so) is the one core that can record a Swift-only feature.
    if runner.identity.platform == "swift" { plan.separateUnserved(manifest) }
    let report = ReportContext(
      style: style, quiet: options.quiet, durationMillis: compiled.durationMillis, runner: runner.identity)
    guard interrupts.beginWriting() else { return .failed }
    defer { interrupts.finishWriting() }
    return options.check
      ? DriftCheck.finish(
        plan, manifest: manifest, apply: options.write, report: report,
        outputs: ReportOutputs(
          options, context: context, location: manifest.location, speaker: verb, subject: "check"),
        output: output)
      : record(plan, manifest: manifest, report: report, output: output)
  }

  /// Why record must not write through `location`'s folders: the fixtures folder (or `.runs/`, where
  /// `--check` stages) is a link leading outside the repository.
  static func escapingFolder(_ location: ManifestLocation, verb: String) -> String? {
    for folder in [location.fixturesFolder, location.runsFolder] {
      if let target = FileInspection.leaves(location.root, at: folder) {
        return
          Program.prefix(verb) + "\(location.relativePath(of: folder))/ is a link leading outside the repository (to "
          + "\(target)); nothing was recorded. Make it a real folder inside the repository."
      }
    }
    return nil
  }

  /// Plain `record`: write everything that changed, then report.
  static func record(_ plan: RecordPlan, manifest: Manifest, report: ReportContext, output: CommandOutput) -> ExitCode {
    let location = manifest.location
    do {
      try RecordWriter.write(plan.writes, location: location)
    } catch {
      output.write(report.style.red("✗") + " " + Program.prefix("record") + error.description + "\n")
      output.write(SummaryLine.verdict(verb: "record", passed: false, style: report.style) + "\n")
      return .failed
    }
    output.write(RecordReport.recorded(plan, manifest: manifest, context: report))
    return plan.passed ? .passed : .failed
  }

  /// The report for a run that must write nothing: a runner that cannot record, or one that failed.
  static func refusal(
    _ outcomes: [TargetOutcome], streamFailures: [RunnerStreamError] = [], runner: String, verb: String,
    style: TerminalStyle
  ) -> String? {
    for outcome in outcomes {
      if case .cannotRecord(let reason) = outcome.result {
        return style.red("✗")
          + " this runner cannot record: \(reason); verify still works with it. Record with a runner whose "
          + "handshake advertises \"capabilities\":[\"record\"] (any runner serving a DuetReplay registry). "
          + "Runner: \(runner)\n" + SummaryLine.verdict(verb: verb, passed: false, style: style)
          + "\n"
      }
    }
    var failures = outcomes.compactMap { outcome -> String? in
      if case .runnerFailed(let text) = outcome.result { return text }
      return nil
    }
    for failure in streamFailures where !failures.contains(failure.description) { failures.append(failure.description) }
    guard !failures.isEmpty else { return nil }
    var lines = failures.map { style.red("✗") + " " + PrintableText.escaped($0, keepingNewlines: true) }
    lines.append(
      Program.prefix(verb)
        + "the runner failed, so nothing was written and the fixtures folder is unchanged. Fix the runner "
        + "(or raise \(Option.timeout.spelled)) and run it again.")
    lines.append(SummaryLine.verdict(verb: verb, passed: false, style: style))
    return lines.joined(separator: "\n") + "\n"
  }
}
