import DuetCore

/// Why a recording could not be loaded for replay or lint.
///
/// Each case becomes both a lint problem (file:line) and, during `verify`, the failure of that
/// recording, so the descriptions are full sentences with what to do next.
enum FixtureLoadError: Error, Equatable, Sendable {
  /// The manifest lists it but the file does not exist.
  case missing(file: String)
  /// A link leading outside the repository (to `target`); never read.
  case outsideRepository(file: String, target: String)
  /// A folder, named pipe, socket or device where a recording file should be; never opened.
  case notAFile(file: String, kind: String)
  /// Larger than the verifier's limit; never loaded.
  case oversized(file: String, bytes: Int, limit: Int)
  /// The file exists but cannot be read.
  case unreadable(file: String)
  /// Not valid JSON (or not valid UTF-8).
  case notJSON(file: String, error: JSONParseError)
  /// Valid JSON but not the shape of a recording.
  case malformed(file: String, error: FixtureFormatError)

  /// The file (relative to the repository root).
  var file: String {
    switch self {
    case .missing(let file), .outsideRepository(let file, _), .notAFile(let file, _), .oversized(let file, _, _),
      .unreadable(let file), .notJSON(let file, _), .malformed(let file, _):
      return file
    }
  }

  /// The problem as lint shows it (`fixtures/x.fixture.json:3:5: …`).
  var lintProblem: LintProblem {
    switch self {
    case .missing(let file):
      return LintProblem(file: file, message: "does not exist. Record it with \(Program.name) record.")
    case .outsideRepository(_, let target):
      return LintProblem(
        file: file,
        message:
          "is a link leading outside the repository (to \(target)), so it was not read. Recordings live inside the "
          + "repository: remove the link and record the fixture with \(Program.name) record.")
    case .notAFile(_, let kind):
      return LintProblem(
        file: file,
        message:
          "is \(kind), not a recording file, so it was not read. Remove it and record the fixture with \(Program.name) "
          + "record.")
    case .oversized(_, let bytes, let limit):
      return LintProblem(
        file: file,
        message:
          "is \(ByteCount.describe(bytes)), over the \(ByteCount.describe(limit)) limit for one recording, so it was "
          + "not loaded. Split the scenario into smaller branches and re-record.")
    case .unreadable:
      return LintProblem(file: file, message: "cannot be read. Check the file's permissions.")
    case .notJSON(_, let error):
      return LintProblem(
        file: file, line: error.line, column: error.column,
        message:
          "\(error.message) at \(error.path). Recordings are written by \(Program.name) record, never by hand: "
          + "re-record it.")
    case .malformed(_, let error):
      return LintProblem(
        file: file,
        message:
          "\(error). This is not the shape of a recording (fixtures.md); re-record it with \(Program.name) record.")
    }
  }

  /// The lint description, one line.
  var description: String { lintProblem.description }
}
