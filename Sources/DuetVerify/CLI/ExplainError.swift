/// Why `duet-verify explain` shows nothing (a usage error, exit 2): the facts, rendered to
/// sentences in one place (`message`; `Diagnostic` adds the prefix).
enum ExplainError: Diagnostic, Equatable, Sendable {
  /// The text after `#` is not a step index.
  case notAStepIndex(String)
  /// `.runs/` (at `folder`) holds no previous run.
  case noPreviousRun(folder: String)
  /// The last run has no result for the recording (`known`: the names it has results for, to
  /// suggest the nearest).
  case noResult(String, known: [String])
  /// The recording is not listed in the manifest (`manifest`, as shown; `listed`: the names it lists).
  case notListed(String, manifest: String, listed: [String])
  /// The recording has `count` steps, fewer than `step` needs.
  case noSuchStep(String, step: Int, count: Int)

  var speaker: String? { "explain" }

  var message: String {
    switch self {
    case .notAStepIndex(let text):
      return "'\(text)' is not a step index. Write <fixture>#<step>, e.g. counter#3."
    case .noPreviousRun(let folder):
      return "no previous run in \(folder). Run \(Program.name) verify first."
    case .noResult(let name, let known):
      return "the last run has no result for '\(name)'. Run \(Program.name) verify, or check the name."
        + Suggestion.hint(for: name, among: known)
    case .notListed(let name, let manifest, let listed):
      return "'\(name)' is not a recording listed in \(manifest)." + Suggestion.hint(for: name, among: listed)
    case .noSuchStep(let name, let step, let count):
      return "'\(name)' has \(count) steps (0…\(count - 1)); there is no step \(step)."
    }
  }
}
