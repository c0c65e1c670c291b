import DuetPlatform
import DuetRunner

/// The one replay of the strength verbs: the selected recordings through one `swift` lane of
/// runners started with a given command (a scratch build's executable, with `environment` added:
/// `LLVM_PROFILE_FILE` for coverage, the active mutant for a mutation drill), as typed results.
///
/// It is the same ``LanesPass`` `verify` drives, so a recording judged here is judged exactly as
/// `verify` judges it; a caller may run it as often as it likes on one build.
enum StrengthReplay {
  /// Replays `selected` through runners of `executable` with `environment` added, started in
  /// the repository root; with `stopAtFirstFailure`, only until the first recording fails.
  static func run(
    _ corpus: Corpus, selected: [ListedFixture], executable: URL, environment: [String: String],
    options: ParsedArguments, stopAtFirstFailure: Bool = false,
    onResult: @escaping @Sendable (FixtureResult) -> Void = { _ in }
  ) -> RunResult {
    let command = Self.command(executable, environment: environment, root: corpus.manifest.location.root)
    return run(
      corpus, selected: selected, command: command, options: options, stopAtFirstFailure: stopAtFirstFailure,
      onResult: onResult)
  }

  /// Replays `selected` through runners of `command` (`--jobs` of them, `--timeout` per request).
  static func run(
    _ corpus: Corpus, selected: [ListedFixture], command: RunnerCommand, options: ParsedArguments,
    stopAtFirstFailure: Bool = false, onResult: @escaping @Sendable (FixtureResult) -> Void = { _ in }
  ) -> RunResult {
    let manifest = corpus.manifest
    let choice = RunnerSetup.choice(command, buildMillis: nil, options, manifest: manifest)
    let lane = Lane(platform: LaneSetup.manifestPlatform, runner: choice)
    var pass = LanesPass(corpus: corpus, lanes: [lane])
    pass.stopAtFirstFailure = stopAtFirstFailure
    pass.listsPassedSteps = false
    let (run, _) = pass.run(
      selected: selected, arguments: options, onResult: { _, result in onResult(result) }, keep: { $0.slim() })
    return run
  }

  /// `executable` started through `/usr/bin/env` with `environment` added (the runner inherits the
  /// verifier's environment otherwise, and changing the verifier's own would race other threads).
  static func command(_ executable: URL, environment: [String: String], root: URL) -> RunnerCommand {
    guard !environment.isEmpty else { return RunnerCommand(executable: executable.path, workingDirectory: root) }
    let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return RunnerCommand(executable: "/usr/bin/env", arguments: settings + [executable.path], workingDirectory: root)
  }
}
