/// A mistake in how a registry was put together, found before the runner serves anything.
///
/// A registry is a global `let` in an app's replay adapter, so building it cannot throw; the
/// server checks these problems at startup and refuses to start (a stderr sentence and a non-zero
/// exit) rather than serving an ambiguous registry or trapping.
public struct ReplayRegistryProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The full sentence: what is wrong and what to do about it.
  public let description: String

  init(_ description: String) {
    self.description = description
  }

  static func duplicateFeature(_ name: String, count: Int) -> ReplayRegistryProblem {
    ReplayRegistryProblem(
      "feature '\(name)' is registered \(count) times; each feature name may appear once in a ReplayRegistry, so remove or rename the extra entries"
    )
  }

  static func invalidFeatureName(_ name: String) -> ReplayRegistryProblem {
    ReplayRegistryProblem(
      "feature name '\(name)' is not valid; a feature name starts with a lower-case letter and continues with lower-case letters, digits or '-' (like 'splash' or 'share-picker')"
    )
  }

  static func foreignScenario(_ scenario: String, writtenFor: String, registeredUnder: String) -> ReplayRegistryProblem
  {
    ReplayRegistryProblem(
      "scenario '\(scenario)' is written for feature '\(writtenFor)' but registered under '\(registeredUnder)'; register it with the entry of '\(writtenFor)'"
    )
  }

  static func duplicateChain(_ name: String, count: Int) -> ReplayRegistryProblem {
    ReplayRegistryProblem(
      "chain '\(name)' is registered \(count) times; each chain name may appear once in a ReplayRegistry, so remove or rename the extra ones"
    )
  }

  static func unservedNode(chain: String, node: String) -> ReplayRegistryProblem {
    ReplayRegistryProblem(
      "chain '\(chain)' uses node '\(node)', which no entry of the registry serves; register feature '\(node)' too, or the verifier cannot replay the chain"
    )
  }
}
