/// Why a mutation drill stopped before a verdict: a ``Diagnostic`` spoken by `mutate` (the prefix
/// is added once, when it is printed).
enum MutationDrillError: Diagnostic, Equatable, Sendable {
  /// The baseline (the unmutated build) failed these recordings (name: what failed).
  case baselineFailed(failures: [String])
  /// The scratch build failed and no mutant site explains it (or the retries ran out).
  case buildFailed(status: String, output: String)
  /// `--since REV` could not be read.
  case since(revision: String, reason: String)
  /// The planner refused (a table row's `old` matching twice or never, an unreadable file, …).
  case plan(String)
  /// A reducer module is neither inside the runner package nor inside a local path dependency of
  /// it, so the scratch copy cannot hold its mutants.
  case moduleOutsidePackage(module: String, package: String)

  var speaker: String? { Verb.mutate.rawValue }

  /// A planner's refusal is already a whole sentence, prefix included; every other case is
  /// prefixed once.
  var description: String {
    if case .plan(let sentence) = self { return sentence }
    return Program.prefix(speaker) + message
  }

  var message: String {
    switch self {
    case .baselineFailed(let failures):
      return "ABORT: the baseline (the scratch build with no mutant active) fails "
        + "\(failures.count) recording\(failures.count == 1 ? "" : "s"), so no mutant can be judged:\n"
        + failures.map { "  " + $0 }.joined(separator: "\n")
        + "\nMake `\(Program.name) verify` pass first, then run mutate again."
    case .buildFailed(let status, let output):
      let tail = output.split(separator: "\n").suffix(20).joined(separator: "\n")
      return "the mutated scratch build failed (\(status)):\n\(tail.printable)\n"
        + "If the errors are in your sources, fix them; if they are in a mutated line, report it with the output above."
    case .since(let revision, let reason):
      return "\(Option.since.rawValue) \(revision.printable): cannot read the lines changed since that "
        + "revision (\(reason.printable)). Give a revision git knows in the runner package's repository "
        + "(a commit, a branch such as origin/main; fetch it first in a shallow CI checkout)."
    case .plan(let sentence):
      return sentence
    case .moduleOutsidePackage(let module, let package):
      return "the reducer module \(module) is neither inside the runner package \(package) "
        + "nor inside a package it depends on by .package(path:), so no scratch copy can hold its mutants. "
        + "Add the package that holds \(module) to the dependencies of \(package)/Package.swift with "
        + ".package(path:), or scope the drill with \(Option.feature.rawValue) to features whose swift: file is inside one."
    }
  }
}
