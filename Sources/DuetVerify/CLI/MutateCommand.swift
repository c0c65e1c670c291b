import Dispatch
import DuetCore
import DuetPlatform

/// `duet-verify mutate`: which changes to the reducers no recording notices. Loads and gates the
/// corpus like `coverage`, copies the manifest's `replayRunner` package into a scratch folder
/// (``StrengthSession``), and hands the rest to ``MutationDrill``; then writes the cache and the
/// report. The user's tree is never written (only `.runs/mutate/`: the cache and the run's report).
///
/// Exit codes: 0 when nothing survived (or the score reaches `--min-score`), 1 when a mutant
/// survived, the baseline is red (ABORT), the drill could not plan or build (a config error: the
/// suite is not run), 2 for a usage error (`--runner`, no `replayRunner:`).
enum MutateCommand {
  /// A hand-made plan (a ``MutationPlan`` as JSON) used instead of the planner: the drill's
  /// end-to-end tests and `make bench` drive the drill with it.
  static let planVariable = "DUET_VERIFY_MUTATION_PLAN"

  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    let verb = Verb.mutate.rawValue
    let start: StrengthStart
    switch StrengthStart.open(.mutate, options: options, context: context) {
    case .success(let opened): start = opened
    case .failure(let stop): return stop.code
    }
    let (corpus, selection, folder, shown) = (start.corpus, start.selection, start.folder, start.shown)
    let manifest = corpus.manifest
    let planner: MutationDrill.Planner
    let lines: [String: Set<Int>]?
    let packages: ReducerPackages
    do throws(MutationDrillError) {
      // Reducers in a local path dependency of the runner package are copied with it; paths are
      // relative to the folder holding both.
      packages = try ReducerPackages.locate(manifest, features: options.features, runner: folder)
      let files = packages.files
      lines = try options.since.map { revision throws(MutationDrillError) in
        try SinceLines.read(revision: revision, files: files, package: packages.root)
      }
      planner = try Self.planner(
        context.environment, manifest: manifest, package: packages.root, files: options.tableOnly ? [] : files,
        lines: lines)
      // A table row whose `old` matches twice or never, an unreadable source: said before anything is built.
      _ = try planner([])
    } catch {
      output.diagnostic(error.description)
      return .failed
    }
    let session: StrengthSession
    let scratch: ScratchPackage
    do {
      (session, scratch) = try StrengthSession.start(
        verb: verb, package: folder, dependencies: packages.dependencies, output: output)
    } catch {
      output.diagnostic(error.description)
      return .failed
    }
    defer { session.finish() }
    let terminal = output.errorIsTerminal
    let progress = Locked<ProgressLine?>(nil)
    var drill = MutationDrill(
      corpus: corpus, selection: selection, options: options, session: session, scratch: scratch, shown: shown,
      environment: context.environment, planner: planner)
    drill.cache = options.noCache ? MutationCache() : MutationCache.read(manifest.location)
    drill.lines = lines
    drill.onPhase = { phase, count in
      progress.withLock { $0?.finish() }
      if terminal && count > 0 {
        let line = ProgressLine(total: count, text: { "\(phase): \($0)/\($1)…" }, write: output.writeDiagnostic)
        progress.withLock { $0 = line }
      } else if !terminal {
        output.diagnostic(Program.prefix(verb) + "\(phase)…")
      }
    }
    drill.onMutant = { progress.value?.advance() }
    var result: (run: MutationRun, cache: MutationCache)
    do throws(MutationDrillError) {
      result = try drill.run()
      let root = manifest.location.root.resolvingSymlinksInPath()
      result.run.copiedPackages = ([packages.runner] + packages.dependencies).map {
        RunnerBuilder.displayPath($0, root: root)
      }
      result.run.arguments = options
      result.run.searched = MutationSearch(
        modules: packages.modules, files: options.tableOnly ? 0 : packages.files.count)
      progress.withLock { $0?.finish() }
    } catch {
      progress.withLock { $0?.finish() }
      ProcessStop.shared.holdIfStopping()
      output.diagnostic(error.description)
      return .failed
    }
    let code: ExitCode? = ProcessStop.shared.unlessStopping {
      let notes = ReportNotes()
      do {
        try result.cache.write(manifest.location, notes: notes)
      } catch {
        output.diagnostic(Program.prefix(verb) + "warning: the result cache was not written: \(error)")
      }
      for note in notes.all { output.diagnostic(Program.prefix(verb) + note) }
      if let line = result.run.cacheLine { output.diagnostic(line) }
      return write(result.run, options: options, context: context, location: manifest.location, package: packages.root)
    }
    return code ?? .failed
  }

  /// The requested JUnit and HTML files, the run's report in `.runs/mutate/summary.json` (the
  /// `--json` report), the annotations (under GitHub Actions), then the JSON or terminal report,
  /// all rendered from `run`; the exit code. The survivor blocks, the JSON's
  /// `source` and the page's source lines read the user's packages (`package`: the folder the
  /// mutant paths are relative to), so they show the original text and name the function and case
  /// a mutant sits in.
  static func write(
    _ run: MutationRun, options: ParsedArguments, context: CommandContext, location: ManifestLocation, package: URL
  ) -> ExitCode {
    let source = { (path: String) in try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8) }
    return ReportOutputs(options, context: context, location: location, speaker: Verb.mutate.rawValue).writeReport(
      .mutate, passed: run.passed, testSuites: { run.testSuites }, html: { MutationHTML.render(run, source: source) },
      json: run.json(source: source), annotations: { run.annotations }, human: { run.human(source: source) })
  }

  /// The planner over `files` and Duet's table (`parity/mutations.json`, or `mutations.json` beside
  /// the manifest), or the hand-made plan of ``planVariable`` (its unschematized ids marked so).
  static func planner(
    _ environment: [String: String], manifest: Manifest, package: URL, files: [String], lines: [String: Set<Int>]?
  ) throws(MutationDrillError) -> MutationDrill.Planner {
    guard let path = environment[planVariable] else {
      let root = manifest.location.root
      var table: MutationTable?
      if let url = MutationTable.locate(root: root, manifestFolder: manifest.location.file.deletingLastPathComponent())
      {
        do throws(MutationPlanError) {
          table = try MutationTable.load(url, root: root, path: manifest.location.relativePath(of: url))
        } catch {
          throw .plan(error.description)
        }
      }
      return { [table] unschematized throws(MutationDrillError) in
        do throws(MutationPlanError) {
          return try MutationPlanner.plan(
            package: package, files: files, table: table, lines: lines, unschematized: unschematized)
        } catch {
          throw .plan(error.description)
        }
      }
    }
    guard let data = FileManager.default.contents(atPath: path),
      let plan = try? JSONDecoder().decode(MutationPlan.self, from: data)
    else {
      throw .plan(
        Program.prefix(Verb.mutate.rawValue)
          + "\(planVariable)=\(path.printable) is not a readable MutationPlan (JSON).")
    }
    return { unschematized in
      var marked = plan
      for index in marked.mutants.indices where unschematized.contains(marked.mutants[index].id) {
        marked.mutants[index].schematized = false
      }
      return marked
    }
  }
}
