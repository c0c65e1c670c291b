import DuetPlatform
import DuetRunner

/// Makes one runner ready for a lane (``LaneSetup``): `--runner CMD` when given (with a warning
/// when it is older than its package's sources), else the manifest's `replayRunner` package,
/// built first unless nothing it is built from changed since its last build (RunnerBuilder), so a
/// replay never meets a stale runner; with the limits and pool size the options ask for.
enum RunnerSetup {
  /// The runner to start, how many, within which limits, and what the summary says about it.
  struct Choice {
    var command: RunnerCommand
    var limits: RunnerLimits
    /// Runner processes (`--jobs`, default: CPU count).
    var jobs: Int
    /// Wall time of `swift build`, when duet-verify built the runner.
    var buildMillis: Int?
    /// True when duet-verify found the runner up to date and skipped `swift build`.
    var upToDate = false
    /// Why duet-verify built the runner (RunnerBuilder.Built.reason).
    var buildReason: String?
    /// Starts the runners and notes the platform their handshake names.
    var launcher: HandshakeNotingLauncher
    /// The repository root, against which the runner's path is shown.
    var root: URL

    /// A pool of `jobs` runners of this command.
    var pool: RunnerPool { RunnerPool(launcher: launcher, size: jobs) }

    /// Which runner ran, for the summary (call after the run: the platform comes from a handshake).
    var identity: RunnerIdentity {
      RunnerIdentity(
        path: RunnerBuilder.displayPath(URL(fileURLWithPath: command.executable), root: root),
        platform: launcher.platform, buildMillis: upToDate ? nil : buildMillis, upToDate: upToDate ? true : nil,
        buildReason: upToDate ? nil : buildReason)
    }
  }

  enum Failure: Error, CustomStringConvertible {
    /// Exit 2: `--runner CMD` cannot be used.
    case badCommand(RunnerCommandError)
    /// Exit 2: no `--runner` and no `replayRunner:` in the manifest (`file`, as shown).
    case noRunner(manifest: String)
    /// Exit 1: the runner package does not build (its output is shown).
    case build(RunnerBuilder.BuildError)
    /// Exit 1: the manifest names paths lint refuses (a `replayRunner:` leading outside the
    /// repository, say); nothing was built or started (each problem is shown).
    case refused([LintProblem])

    var description: String {
      switch self {
      case .badCommand(let error): return error.description
      case .noRunner(let file):
        return
          Program.prefix()
          + "no runner to replay with. Give one with \(Option.runner.rawValue) CMD, or name the runner's SwiftPM package "
          + "with replayRunner: in \(file)."
      case .build(let error): return error.description
      case .refused:
        return
          Program.prefix() + "the manifest names paths \(Program.name) lint refuses (above), so no runner was built or "
          + "started. Fix them first; \(Program.name) lint lists every problem."
      }
    }
  }

  /// Prints why no runner can be used and gives the exit code to stop with.
  static func stop(_ error: Failure, output: CommandOutput) -> ExitCode {
    // A build a signal killed fails: that failure is the stop's, and the stop ends the process.
    ProcessStop.shared.holdIfStopping()
    switch error {
    case .badCommand, .noRunner:
      output.diagnostic(error.description)
      return .usage
    case .refused(let problems):
      for problem in problems { output.diagnostic("✗ " + problem.description) }
      output.diagnostic(error.description)
      return .failed
    case .build(let failure):
      if !failure.output.isEmpty {
        output.diagnostic(String(failure.output.reversed().drop { $0 == "\n" }.reversed()))
      }
      output.diagnostic(error.description)
      return .failed
    }
  }

  /// The gate before the manifest's runner is built (and so started), for every verb: what lint
  /// refuses in the manifest's paths (a `replayRunner:` link to a package outside the repository
  /// would otherwise be built and run) is refused here, before `swift build` runs anywhere.
  static func gate(_ manifest: Manifest) throws(Failure) {
    let refused = Linter.pathProblems(manifest)
    if !refused.isEmpty { throw .refused(refused) }
  }

  /// The runner of one `--runner CMD` (with a warning when it is older than its package's sources).
  static func given(
    _ runner: String, _ options: ParsedArguments, manifest: Manifest, context: CommandContext
  ) throws(Failure) -> Choice {
    let root = manifest.location.root
    let command: RunnerCommand
    do {
      command = try RunnerCommand.parse(
        runner, invokedFrom: context.folder, workingDirectory: root, environment: context.environment)
    } catch {
      throw .badCommand(error)
    }
    if let warning = StaleRunnerCheck.judge(
      executable: command.executable, root: root, environment: context.environment)
    {
      context.output.diagnostic(warning)
    }
    return choice(command, buildMillis: nil, options, manifest: manifest)
  }

  /// The manifest's `replayRunner` package, built now (unless up to date and not `--rebuild`).
  static func built(_ options: ParsedArguments, manifest: Manifest, context: CommandContext) throws(Failure) -> Choice {
    let root = manifest.location.root
    let output = context.output
    guard let package = manifest.replayRunner else {
      throw .noRunner(manifest: manifest.location.displayName)
    }
    try gate(manifest)
    let folder = root.appendingPathComponent(package.name)
    // A no-op build takes about a second; a real one longer: say so on a terminal, never in a log.
    let started = Date()
    let shown = RunnerBuilder.displayPath(folder, root: root)
    let progress =
      output.errorIsTerminal && !options.quiet
      ? ProgressLine(
        total: 0,
        text: { _, _ in
          "building the runner (swift build --product \(RunnerBuilder.product) in \(shown))… "
            + "\(Int(Date().timeIntervalSince(started)))s"
        }, write: output.writeDiagnostic) : nil
    defer { progress?.finish() }
    do {
      let built = try RunnerBuilder.build(
        package: folder, root: root, environment: context.environment, force: options.rebuild,
        starting: {
          // In a log (not a terminal) a build of a minute must not look hung: say it started.
          if !output.errorIsTerminal && !options.quiet {
            output.diagnostic(Program.prefix() + "building \(RunnerBuilder.product) in \(shown) …")
          }
        })
      var chosen = choice(built.command, buildMillis: built.millis, options, manifest: manifest)
      chosen.upToDate = built.upToDate
      chosen.buildReason = built.reason
      return chosen
    } catch {
      throw .build(error)
    }
  }

  /// `command` within the limits and pool size the options ask for.
  static func choice(
    _ command: RunnerCommand, buildMillis: Int?, _ options: ParsedArguments, manifest: Manifest
  ) -> Choice {
    let limits = options.timeout.map { RunnerLimits(timeout: $0) } ?? RunnerLimits()
    return Choice(
      command: command, limits: limits, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
      buildMillis: buildMillis,
      launcher: HandshakeNotingLauncher(ProcessRunnerLauncher(command: command, limits: limits)),
      root: manifest.location.root)
  }
}
