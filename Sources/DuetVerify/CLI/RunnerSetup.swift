import Foundation

/// Picks the runner for a verb: `--runner CMD` when given (with a warning when it is older than its
/// package's sources), else the manifest's `replayRunner` package, built first on every run.
enum RunnerSetup {
  enum Failure: Error {
    /// Exit 2: no runner can be named.
    case usage(String)
    /// Exit 1: the runner package does not build (its output is shown).
    case build(RunnerBuilder.BuildError)
  }

  /// The chosen runner: how to start it, and what the summary says about it.
  struct Chosen {
    var command: RunnerCommand
    /// Wall time of `swift build`, when duet-verify built the runner.
    var buildMillis: Int?
    /// Starts the runners and notes the platform their handshake names.
    var launcher: HandshakeNotingLauncher
    /// The repository root, against which the runner's path is shown.
    var root: URL

    /// Which runner ran, for the summary (call after the run: the platform comes from a handshake).
    var identity: RunnerIdentity {
      RunnerIdentity(
        path: RunnerBuilder.displayPath(URL(fileURLWithPath: command.executable), root: root),
        platform: launcher.platform, buildMillis: buildMillis)
    }
  }

  static func choose(
    _ options: CommonOptions, manifest: Manifest, folder: URL, environment: [String: String], output: CommandOutput
  ) throws(Failure) -> Chosen {
    let root = manifest.location.root
    let limits = limits(options)
    func chosen(_ command: RunnerCommand, buildMillis: Int?) -> Chosen {
      Chosen(
        command: command, buildMillis: buildMillis,
        launcher: HandshakeNotingLauncher(ProcessRunnerLauncher(command: command, limits: limits)), root: root)
    }
    if let runner = options.runner {
      let command: RunnerCommand
      do {
        command = try RunnerCommand.parse(runner, invokedFrom: folder, workingDirectory: root, environment: environment)
      } catch {
        throw .usage(error.description)
      }
      if let warning = StaleRunnerCheck.warning(executable: command.executable, root: root) {
        output.diagnostic(warning)
      }
      return chosen(command, buildMillis: nil)
    }
    guard let package = manifest.replayRunner else {
      throw .usage(
        "duet-verify: no runner to replay with. Give one with --runner CMD, or name the runner's SwiftPM package "
          + "with replayRunner: in \(manifest.location.displayName).")
    }
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
      let built = try RunnerBuilder.build(package: folder, root: root, environment: environment)
      return chosen(built.command, buildMillis: built.millis)
    } catch {
      throw .build(error)
    }
  }

  static func limits(_ options: CommonOptions) -> RunnerLimits {
    RunnerLimits(timeout: options.timeout ?? 10)
  }
}
