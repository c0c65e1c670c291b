/// Why a parsed recording does not have the shape of a fixture (docs/recording.md).
///
/// It names the JSON path, so the message points at the exact field that is wrong.
struct FixtureFormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the document (`steps[2].expectedEffects`).
  var path: String
  /// What is wrong there, as a phrase.
  var problem: String

  init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `steps[2].expectedEffects must be an array, found an object`.
  var description: String { "\(path) \(problem)" }
}
