/// A lint problem as machines read it, in `lint --json`'s `problems` and in a run's summary
/// (`verify --json`, `.runs/verify/summary.json`): the same object in both, so a tool can hold one
/// to the other. `{"file","line","column","message"}`, absent line or column left out.
struct LintRecord: Codable, Equatable, Sendable {
  var file: String
  var line: Int?
  var column: Int?
  var message: String

  init(_ problem: LintProblem) {
    file = problem.file
    line = problem.line
    column = problem.column
    message = problem.message
  }

  /// The problem again, for a reader that renders it (`explain`).
  var problem: LintProblem { LintProblem(file: file, line: line, column: column, message: message) }
}
