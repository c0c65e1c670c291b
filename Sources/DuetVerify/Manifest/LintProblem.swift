/// One problem found before any replay: in the manifest, a fixture file, or the fixtures folder.
///
/// Lint reports every problem it finds, each on its own line, so the description always starts
/// with the file (relative to the repository root) and, when known, the line: an editor or CI log
/// can jump straight there. Machines read the same value as `{"file","line","column","message"}`
/// (absent line or column left out), in `lint --json`'s `problems` and in a run's summary, so a
/// tool can hold one to the other.
struct LintProblem: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The file the problem is in, relative to the repository root (`manifest.yaml`, `fixtures/x.fixture.json`).
  var file: String
  /// The 1-based line, when the problem has one.
  var line: Int?
  /// The 1-based column, when the problem has one (JSON parse errors).
  var column: Int?
  /// Full sentences: what is wrong, then what to do about it.
  var message: String

  init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `manifest.yaml:12: feature 'splash' is declared twice (first on line 3). Merge the two entries.`
  /// The file is a name found on disk, so it is quoted escaped (`String.printable`): a file named
  /// with a line break cannot start a line of its own.
  var description: String {
    var text = file.printable
    if let line { text += ":\(line)" }
    if let column { text += ":\(column)" }
    return text + ": " + message
  }
}
