/// Why a strength verb (`coverage`) could not measure the corpus; the verb (or the program) speaks
/// its `message`.
enum StrengthError: Diagnostic, Equatable, Sendable {
  /// Exit 2: `--runner CMD` was given; a built runner cannot be instrumented.
  case runnerGiven(verb: String, runner: String)
  /// Exit 2: the manifest (`file`, as shown) names no `replayRunner` package.
  case noRunnerPackage(verb: String, manifest: String)
  /// The runner package could not be copied into the scratch folder.
  case cannotCopy(package: String, reason: String)
  /// A toolchain tool (`llvm-profdata`, `llvm-cov`) is not beside `swift`.
  case noTool(name: String, folder: String)
  /// A tool ran and failed: which, its status and the tail of its output.
  case toolFailed(name: String, status: String, output: String)
  /// The runners wrote no profile (they did not start, or crashed before exiting).
  case noProfiles(folder: String)
  /// `llvm-cov export` wrote something that is not its JSON export.
  case unreadableExport(reason: String)

  /// The verb that speaks the two usage errors; the program speaks the rest.
  var speaker: String? {
    switch self {
    case .runnerGiven(let verb, _), .noRunnerPackage(let verb, _): return verb
    default: return nil
    }
  }

  var message: String {
    switch self {
    case .runnerGiven(let verb, let runner):
      return "a runner given with \(Option.runner.rawValue) ('\(runner.printable)') cannot be instrumented: "
        + "\(verb) builds the manifest's replayRunner package itself, in a scratch copy with coverage instrumentation. "
        + "Drop \(Option.runner.rawValue) and name your runner package with replayRunner: in the manifest."
    case .noRunnerPackage(let verb, let manifest):
      return "\(manifest) names no replayRunner package, and \(verb) needs the Swift runner's "
        + "sources to instrument them. Add replayRunner: (the folder of the package whose product is "
        + "`\(RunnerBuilder.product)`, usually .) to \(manifest)."
    case .cannotCopy(let package, let reason):
      return "cannot copy the runner package \(package) into a scratch folder "
        + "(\(ScratchPackage.parent.path)): \(reason). Free space there, or set TMPDIR to a writable folder."
    case .noTool(let name, let folder):
      return "\(name) is not beside swift (\(folder)), so the coverage profiles cannot be read. "
        + "Use a Swift toolchain that ships it (swift.org toolchains do)."
    case .toolFailed(let name, let status, let output):
      let tail = output.isEmpty ? "" : ":\n" + PrintableText.escaped(output, keepingNewlines: true)
      return "\(name) failed (\(status))\(tail)\nRun it again; if it fails the same way, report it "
        + "with the output above."
    case .noProfiles(let folder):
      return "the instrumented runners wrote no coverage profile in \(folder): they did not start "
        + "or did not exit normally. Run verify to see why the runner fails."
    case .unreadableExport(let reason):
      return "llvm-cov export wrote no readable JSON (\(reason)). Check that llvm-cov belongs to the "
        + "same toolchain as swift."
    }
  }
}
