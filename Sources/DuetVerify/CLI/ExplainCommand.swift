import DuetRunner
import Foundation

/// `duet-verify explain [<fixture>[#<step>]]`: re-render the last run's failures from `.runs/`, or,
/// with a step, replay the recording up to it and print the full expected vs actual trees.
enum ExplainCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let location: ManifestLocation
    do {
      location = try ManifestLocation.discover(explicit: options.manifest, from: context.folder)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    guard let target = options.operands.first else { return lastRun(location: location, output: output) }
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 else { return oneFixture(parts[0], location: location, output: output) }
    guard let step = Int(parts[1]), step >= 0 else {
      output.diagnostic(
        "duet-verify explain: '\(parts[1])' is not a step index. Write <fixture>#<step>, e.g. counter#3.")
      return .usage
    }
    return replayStep(parts[0], step: step, options: options, context: context)
  }

  /// No argument: every failure block of the last run.
  static func lastRun(location: ManifestLocation, output: CommandOutput) -> ExitCode {
    let runs = RunsFolder(location: location)
    guard let summary = runs.readSummary() else {
      output.diagnostic(
        "duet-verify explain: no previous run in \(runs.folder.path). Run duet-verify verify first.")
      return .usage
    }
    if summary.failed.isEmpty && summary.lint.isEmpty && summary.runnerFailures.isEmpty {
      output.line(
        "duet-verify explain: the last run passed (\(summary.passed)/\(summary.fixtures) fixtures); nothing to explain."
      )
      return .passed
    }
    var blocks: [String] =
      summary.lint.map { "✗ " + $0.printable }
      + summary.runnerFailures.map { "✗ " + PrintableText.escaped($0, keepingNewlines: true) }
    for name in summary.failed {
      if let result = runs.readFixture(name), let block = FailureBlock.render(result) { blocks.append(block) }
    }
    output.write(blocks.joined(separator: "\n\n") + "\n")
    return .passed
  }

  /// A name without a step: that recording's block from the last run.
  static func oneFixture(_ name: String, location: ManifestLocation, output: CommandOutput) -> ExitCode {
    guard let result = RunsFolder(location: location).readFixture(name) else {
      output.diagnostic(
        "duet-verify explain: the last run has no result for '\(name)'. Run duet-verify verify, or check the name.")
      return .usage
    }
    guard let block = FailureBlock.render(result) else {
      output.line("duet-verify explain: '\(name)' passed in the last run (\(result.steps.count) steps).")
      return .passed
    }
    output.write(block + "\n")
    return .passed
  }

  /// `name#step`: replay through the runner and print the full trees.
  static func replayStep(_ name: String, step: Int, options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let repository: Repository
    do {
      repository = try Repository.load(manifestPath: options.manifest, from: context.folder, taxonomy: false)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    guard let listed = repository.manifest.listedFixtures.first(where: { $0.name == name }) else {
      output.diagnostic(
        "duet-verify explain: '\(name)' is not a recording listed in \(repository.manifest.location.displayName)."
          + Suggestion.hint(for: name, among: repository.manifest.listedFixtures.map(\.name)))
      return .usage
    }
    let loaded: LoadedFixture
    switch repository.store.load(name) {
    case .success(let fixture): loaded = fixture
    case .failure(let error):
      output.diagnostic(error.description)
      return .failed
    }
    guard step < loaded.document.steps.count else {
      output.diagnostic(
        "duet-verify explain: '\(name)' has \(loaded.document.steps.count) steps (0…\(loaded.document.steps.count - 1)); "
          + "there is no step \(step).")
      return .usage
    }
    // Runners live in their own process groups, so a terminal's Ctrl-C never reaches them: stop
    // them here, or a hung one would outlive the command.
    let interrupts = InterruptGuard.stoppingRunners(verb: "explain", output: output)
    interrupts.install()
    defer { interrupts.uninstall() }
    let runner: RunnerSetup.Choice
    switch RunnerSetup.choose(options, manifest: repository.manifest, context: context) {
    case .ready(let choice): runner = choice
    case .stop(let code): return code
    }
    let connection: any RunnerConnection
    do {
      connection = try ProcessRunnerLauncher(command: runner.command, limits: runner.limits).launch()
    } catch {
      output.diagnostic("duet-verify explain: " + PrintableText.escaped(error.description, keepingNewlines: true))
      return .failed
    }
    let replayed = StepExplanation.replay(loaded.document, owner: listed.owner, through: step, on: connection)
    do throws(RunnerStreamError) {
      try connection.close()
    } catch {
      // The replies may have been paired with the wrong requests: no explanation is trustworthy.
      output.diagnostic("duet-verify explain: " + PrintableText.escaped(error.description, keepingNewlines: true))
      return .failed
    }
    switch replayed {
    case .success(let explanation):
      output.write(
        ExplanationReport.render(
          explanation, fixture: name, kind: loaded.document.kind, source: loaded.document.scenarioSource))
      return explanation.failure == nil ? .passed : .failed
    case .failure(let failure):
      let result = FixtureResult(
        name: name, kind: loaded.document.kind, feature: listed.owner, file: loaded.file,
        scenarioSource: loaded.document.scenarioSource, failure: failure)
      output.write((FailureBlock.render(result) ?? "") + "\n")
      return .failed
    }
  }
}
