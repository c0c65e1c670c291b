import Foundation

/// Picks the runner for a verb: `--runner CMD` when given, else the manifest's `replayRunner`
/// package, built first.
enum RunnerSetup {
  enum Failure: Error {
    /// Exit 2: no runner can be named.
    case usage(String)
    /// Exit 1: the runner package does not build (its output is shown).
    case build(RunnerBuilder.BuildError)
  }

  static func command(
    _ options: CommonOptions, manifest: Manifest, folder: URL, environment: [String: String]
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

  static func limits(_ options: CommonOptions) -> RunnerLimits {
    RunnerLimits(timeout: options.timeout ?? 10)
  }
}
