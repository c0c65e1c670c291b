/// Why a parsed recording does not have the shape of a fixture (fixtures.md).
///
/// It names the JSON path, so the message points at the exact field that is wrong.
public struct FixtureFormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the document (`steps[2].expectedEffects`).
  public var path: String
  /// What is wrong there, as a phrase.
  public var problem: String

  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `steps[2].expectedEffects must be an array, found an object`.
  public var description: String { "\(path) \(problem)" }
}
