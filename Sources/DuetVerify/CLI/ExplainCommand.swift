import DuetPlatform
import DuetRunner

/// `duet-verify explain [<fixture>[#<step>]]`: re-render the last run's failures from `.runs/`, or,
/// with a step, replay the recording up to it and print the full expected vs actual trees and the
/// compact diff. Exits 1 whenever what it shows failed (the last run, the recording, the step).
enum ExplainCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    guard let location = context.manifestLocation(options) else { return .usage }
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    guard let target = options.operands.first else {
      return lastRun(location: location, style: style, options: options, output: output)
    }
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 else {
      return oneFixture(parts[0], location: location, style: style, options: options, output: output)
    }
    guard let step = Int(parts[1]), step >= 0 else {
      output.diagnostic(ExplainError.notAStepIndex(parts[1]).description)
      return .usage
    }
    return replayStep(parts[0], step: step, options: options, context: context)
  }

  /// The arguments `next:` hints repeat: those of the run that wrote `.runs/` (read back from the
  /// summary's stored options), or else this command's.
  static func hintArguments(_ summary: RunRecord?, _ options: ParsedArguments) -> ParsedArguments {
    guard let flags = summary?.flags, let stored = try? ParsedArguments.read(flags[...], for: .verify) else {
      return options
    }
    return stored
  }

  /// No argument: every failure block of the last run (alike failures in one block), and exit 1
  /// when it failed, as the run did.
  static func lastRun(
    location: ManifestLocation, style: TerminalStyle, options: ParsedArguments, output: CommandOutput
  ) -> ExitCode {
    guard let runs = laneReport(location: location, options: options, output: output) else { return .usage }
    guard let summary = runs.readSummary() else {
      output.diagnostic(ExplainError.noPreviousRun(folder: runs.folder.path).description)
      return .usage
    }
    if summary.failed.isEmpty && summary.lint.isEmpty && summary.runnerFailures.isEmpty {
      output.line(
        Program.prefix("explain")
          + "the last run passed (\(summary.passed)/\(summary.fixtures) fixtures); nothing to explain."
      )
      return .passed
    }
    var blocks: [String] =
      summary.lint.map { "✗ " + $0.description.printable }
      + summary.runnerFailures.map { "✗ " + $0.printable }
    let failed = summary.failed.compactMap { runs.readFixture($0) }
    for group in FailureGroup.groups(of: failed) {
      if let lines = FailureGroupBlock.lines(group, style: style, arguments: hintArguments(summary, options)) {
        blocks.append(lines.joined(separator: "\n"))
      }
    }
    output.write(blocks.joined(separator: "\n\n") + "\n")
    return .failed
  }

  /// The last run's report to explain: the run's own, or, when it had lanes, the lane `--lane`
  /// names, else the first lane that failed, else the first. Nil (said why) for an unknown lane.
  static func laneReport(location: ManifestLocation, options: ParsedArguments, output: CommandOutput) -> RunsFolder? {
    let runs = RunsFolder(location: location)
    do {
      // Only this repository's own report: a `.runs` that is a link (to another repository's) is refused.
      _ = try runs.open()
    } catch {
      output.diagnostic(Program.prefix("explain") + error.description)
      return nil
    }
    let summary = runs.readSummary()
    guard let lanes = summary?.lanes, !lanes.isEmpty else {
      if let wanted = options.lane, let platform = summary?.runner?.platform, platform != wanted {
        output.diagnostic(
          Program.prefix("explain") + "the last run had one lane, '\(platform.printable)', not '\(wanted.printable)'. "
            + "Leave out --lane, or run verify with that lane's --runner.")
        return nil
      }
      return runs
    }
    if let wanted = options.lane {
      guard lanes.contains(where: { $0.platform == wanted }) else {
        output.diagnostic(
          Program.prefix("explain") + "the last run has no lane '\(wanted.printable)'; its lanes are "
            + lanes.map { "'\($0.platform.printable)'" }.joined(separator: ", ") + ". Pick one with --lane NAME."
            + Suggestion.hint(for: wanted, among: lanes.map(\.platform)))
        return nil
      }
      return runs.lane(wanted)
    }
    return runs.lane((lanes.first { $0.verdict != .pass } ?? lanes[0]).platform)
  }

  /// A name without a step: that recording's block from the last run.
  static func oneFixture(
    _ name: String, location: ManifestLocation, style: TerminalStyle, options: ParsedArguments, output: CommandOutput
  ) -> ExitCode {
    guard let runs = laneReport(location: location, options: options, output: output) else { return .usage }
    let report = runs.readReport()
    // A passing recording has no file of its own: the summary holds its result.
    if let outcome = report?.outcome(of: name), outcome.passed {
      output.line(
        Program.prefix("explain")
          + "'\(name.printable)' passed in the last run (\(TaxonomyMessages.count(outcome.steps, "step"))).")
      return .passed
    }
    guard let result = runs.readFixture(name) else {
      output.diagnostic(ExplainError.noResult(name, known: report?.results.map(\.name) ?? []).description)
      return .usage
    }
    let group = FailureGroup(shown: result, alike: [])
    guard let lines = FailureGroupBlock.lines(group, style: style, arguments: hintArguments(report?.run, options))
    else {
      output.line(
        Program.prefix("explain")
          + "'\(name.printable)' passed in the last run "
          + "(\(TaxonomyMessages.count(max(result.stepCount, result.steps.count), "step")))."
      )
      return .passed
    }
    output.write(lines.joined(separator: "\n") + "\n")
    return .failed
  }

  /// `name#step`: replay through the runner and print the full trees.
  static func replayStep(_ name: String, step: Int, options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    // Only the manifest and this one recording are read: nothing else is linted or replayed.
    guard let corpus = context.corpus(options) else { return .usage }
    guard let listed = corpus.listed(named: name) else {
      output.diagnostic(
        ExplainError.notListed(
          name, manifest: corpus.manifest.location.displayName, listed: corpus.manifest.listedFixtures.map(\.name)
        ).description)
      return .usage
    }
    let loaded: FixtureDocument
    switch corpus.store.load(name) {
    case .success(let fixture): loaded = fixture
    case .failure(let error):
      output.diagnostic(error.description)
      return .failed
    }
    guard step < loaded.steps.count else {
      output.diagnostic(ExplainError.noSuchStep(name, step: step, count: loaded.steps.count).description)
      return .usage
    }
    // Runners live in their own process groups, so a terminal's Ctrl-C never reaches them: stop
    // them here, or a hung one would outlive the command.
    let interrupts = InterruptGuard.stoppingRunners(verb: "explain", output: output)
    interrupts.install()
    defer { interrupts.uninstall() }
    let launcher: any RunnerLauncher
    switch LaneSetup.choose(options, manifest: corpus.manifest, context: context, verb: .explain) {
    case .ready(let lanes) where lanes.count == 1: launcher = lanes[0].runner.launcher
    case .ready(let lanes):
      output.diagnostic(
        Program.prefix("explain") + "a step is replayed on one lane, and these runners make "
          + lanes.map { "'\($0.name.printable)'" }.joined(separator: ", ") + ". Pick one with --lane NAME.")
      return .usage
    case .stop(let code): return code
    }
    let connection: any RunnerConnection
    do {
      connection = try launcher.launch()
    } catch {
      output.diagnostic(Program.prefix("explain") + PrintableText.escaped(error.description, keepingNewlines: true))
      return .failed
    }
    let replayed = StepExplanation.replay(
      loaded, owner: listed.owner, through: step, on: connection, timeout: launcher.requestTimeout)
    // A runner a signal killed fails the step: that failure is the stop's, not the user's.
    ProcessStop.shared.holdIfStopping()
    do throws(RunnerStreamError) {
      try connection.close()
    } catch {
      // The replies may have been paired with the wrong requests: no explanation is trustworthy.
      output.diagnostic(Program.prefix("explain") + PrintableText.escaped(error.description, keepingNewlines: true))
      return .failed
    }
    switch replayed {
    case .success(let explanation):
      let style = TerminalStyle.decide(
        isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
      output.write(
        ExplanationReport.render(
          explanation, fixture: name, kind: loaded.kind, source: loaded.scenarioSource,
          style: style))
      return explanation.failure == nil ? .passed : .failed
    case .failure(let failure):
      let result = FixtureResult(
        name: name, kind: loaded.kind, feature: listed.owner, file: loaded.file,
        scenarioSource: loaded.scenarioSource, failure: failure)
      output.write((FailureBlock.render(result, arguments: options) ?? "") + "\n")
      return .failed
    }
  }
}
