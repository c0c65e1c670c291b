import Dispatch
import DuetPlatform

/// `duet-verify coverage`: which reducer code no recording reaches. Copies the manifest's
/// `replayRunner` package into a scratch folder, builds it with LLVM coverage, replays the
/// selected recordings through it (each runner writing its own profile), merges and reads the
/// counts, and reports them per feature (``CoverageMap``). The user's tree is never written.
///
/// Reads as load → select → scratch → instrumented build → replay → export → report.
enum CoverageCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let verb = Verb.coverage.rawValue
    let started = DispatchTime.now().uptimeNanoseconds
    let start: StrengthStart
    switch StrengthStart.open(.coverage, options: options, context: context) {
    case .success(let opened): start = opened
    case .failure(let stop): return stop.code
    }
    let (corpus, selection, folder, shown) = (start.corpus, start.selection, start.folder, start.shown)
    let manifest = corpus.manifest
    let session: StrengthSession
    let scratch: ScratchPackage
    do {
      (session, scratch) = try StrengthSession.start(verb: verb, package: folder, output: output)
    } catch {
      output.diagnostic(error.description)
      return .failed
    }
    defer { session.finish() }
    let terminal = output.errorIsTerminal && !options.json
    let buildStarted = Date()
    let building =
      terminal
      ? ProgressLine(
        total: 0,
        text: { _, _ in
          "building an instrumented copy of \(shown)… \(Int(Date().timeIntervalSince(buildStarted)))s"
        }, write: output.writeDiagnostic) : nil
    let built: (executable: URL, millis: Int)
    do {
      built = try InstrumentedBuild.build(scratch, shown: shown, environment: context.environment)
      building?.finish()
    } catch {
      building?.finish()
      ProcessStop.shared.holdIfStopping()
      return RunnerSetup.stop(.build(error), output: output)
    }
    let replayStarted = DispatchTime.now().uptimeNanoseconds
    let progress = terminal ? ProgressLine(total: selection.count, write: output.writeDiagnostic) : nil
    let profile = scratch.profiles.appendingPathComponent("runner-%p-%m.profraw").path
    let run = StrengthReplay.run(
      corpus, selected: selection, executable: built.executable, environment: ["LLVM_PROFILE_FILE": profile],
      options: options, onResult: { _ in progress?.advance() })
    progress?.finish()
    let replayMillis = Int((DispatchTime.now().uptimeNanoseconds - replayStarted) / 1_000_000)
    let exportStarted = DispatchTime.now().uptimeNanoseconds
    let export: CoverageExport
    do {
      export = try CoverageExport.read(
        profiles: scratch.profiles, executable: built.executable, environment: context.environment)
    } catch {
      ProcessStop.shared.holdIfStopping()
      for line in run.runnerFailureLines { output.diagnostic(line) }
      output.diagnostic(error.description)
      return .failed
    }
    let features = manifest.features.filter {
      $0.swift != nil && (options.features.isEmpty || options.features.contains($0.name))
    }
    let map = CoverageMap(manifest: manifest, features: features)
    var report = CoverageReport(
      groups: map.groups(export, userPath: scratch.userPath), minLines: options.minLines,
      recordings: run.fixtureCount, recordingsPassed: run.passedCount, buildMillis: built.millis,
      replayMillis: replayMillis,
      exportMillis: Int((DispatchTime.now().uptimeNanoseconds - exportStarted) / 1_000_000))
    if run.passedCount < run.fixtureCount || !run.runnerFailureLines.isEmpty {
      output.diagnostic(
        Program.prefix("coverage") + "warning: \(run.fixtureCount - run.passedCount) of \(run.fixtureCount) recordings "
          + "did not pass on the instrumented build; the counts are what they reached. Run verify to see why.")
    }
    report.totalMillis = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    report.arguments = options
    // A signal from here on stops the run before anything is written; one arriving while the
    // reports are written waits for them, so they are whole or absent.
    let code: ExitCode? = ProcessStop.shared.unlessStopping {
      write(report, options: options, context: context, location: manifest.location)
    }
    return code ?? .failed
  }

  /// The requested JUnit and HTML files, the run's report in `.runs/coverage/summary.json`, the
  /// annotations (under GitHub Actions), then the JSON or terminal report; the exit code.
  static func write(
    _ report: CoverageReport, options: ParsedArguments, context: CommandContext, location: ManifestLocation
  )
    -> ExitCode
  {
    let root = location.root
    return ReportOutputs(options, context: context, location: location, speaker: Verb.coverage.rawValue).writeReport(
      .coverage, passed: report.passed, testSuites: { report.testSuites },
      html: {
        CoverageHTML.render(report) { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
      }, json: report.json, annotations: { report.annotations }, human: { report.human })
  }
}
