import DuetRunner
import Foundation

/// Picks the runner for every verb that runs one (verify, record, explain): `--runner CMD` when
/// given, else the manifest's `replayRunner` package, built first; with the limits and pool size
/// the options ask for. The one place a verb gets its runner, so the verbs cannot drift apart.
enum RunnerSetup {
  /// The runner to start, how many, and within which limits.
  struct Choice {
    var command: RunnerCommand
    var limits: RunnerLimits
    /// Runner processes (`--jobs`, default: CPU count).
    var jobs: Int

    /// A pool of `jobs` runners of this command.
    var pool: RunnerPool {
      RunnerPool(launcher: ProcessRunnerLauncher(command: command, limits: limits), size: jobs)
    }
  }

  /// A runner to use, or the exit code to stop with (the reason is printed already).
  enum Outcome {
    case ready(Choice)
    case stop(ExitCode)
  }

  enum Failure: Error {
    /// Exit 2: no runner can be named.
    case usage(String)
    /// Exit 1: the runner package does not build (its output is shown).
    case build(RunnerBuilder.BuildError)
  }

  /// The runner for this run, or the exit code after the reason was printed on standard error.
  static func choose(_ options: ParsedArguments, manifest: Manifest, context: CommandContext) -> Outcome {
    let command: RunnerCommand
    do {
      command = try self.command(options, manifest: manifest, folder: context.folder, environment: context.environment)
    } catch {
      switch error {
      case .usage(let message):
        context.output.diagnostic(message)
        return .stop(.usage)
      case .build(let failure):
        if !failure.output.isEmpty {
          context.output.diagnostic(String(failure.output.reversed().drop { $0 == "\n" }.reversed()))
        }
        context.output.diagnostic(failure.message)
        return .stop(.failed)
      }
    }
    let limits = options.timeout.map { RunnerLimits(timeout: $0) } ?? RunnerLimits()
    return .ready(
      Choice(command: command, limits: limits, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount))
  }

  static func command(
    _ options: ParsedArguments, manifest: Manifest, folder: URL, environment: [String: String]
  ) throws(Failure) -> RunnerCommand {
    let root = manifest.location.root
    if let runner = options.runner {
      do {
        return try RunnerCommand.parse(runner, invokedFrom: folder, workingDirectory: root, environment: environment)
      } catch {
        throw .usage(error.description)
      }
    }
    guard let package = manifest.replayRunner else {
      throw .usage(
        "duet-verify: no runner to replay with. Give one with --runner CMD, or name the runner's SwiftPM package "
          + "with replayRunner: in \(manifest.location.displayName).")
    }
    do {
      return try RunnerBuilder.build(
        package: root.appendingPathComponent(package.name), root: root, environment: environment)
    } catch {
      throw .build(error)
    }
  }
}
