/// Why a scenario could not be compiled into fixtures: an authoring mistake or a failing check.
///
/// Recording writes nothing when a scenario fails, so the message has to carry the whole story:
/// which word (with its label and `source:line`), what went wrong, and what to change.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The category, for code that reacts to a kind of mistake; the description is for people.
  public enum Kind: String, Equatable, Sendable {
    case invalidName
    case missingGiven
    case givenNotFirst
    case stepAfterBranch
    case emptySlug
    case slugCollision
    case noSteps
    case misplacedWord
    case thenFailed
    case thenEffectsFailed
    case thenEffectsWithoutStep
    case hopWithoutDelegate
    case hopFromWrongNode
    case hopChangesEvent
    case nodeWithoutDelegateType
    case conflictingNodes
    case unencodable
    case undecodable
    case duplicateFixture
  }

  /// What kind of mistake this is.
  public let kind: Kind
  /// The full sentence(s): what is wrong, where, and what to do next.
  public let description: String

  /// An error of `kind`; `description` must be a full sentence naming the word and its line.
  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}

/// Where a word sits, for error messages: `When 'increment' (Sources/X.swift:12)`.
struct Site: Sendable {
  let word: String
  let label: String?
  let line: Int
  let source: String

  var mention: String {
    if let label { return "\(word) '\(label)' (\(source):\(line))" }
    return "\(word) (\(source):\(line))"
  }
}
