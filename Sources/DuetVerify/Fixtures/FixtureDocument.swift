import DuetCore

/// A recording, read into what replay needs: the seed, and each step's action and expectations.
///
/// Leaf and chain recordings share one shape here (a chain step names its node; a leaf step's node
/// is the owner feature), so the replayer has one loop. Metadata is kept only where reports use it.
public struct FixtureDocument: Equatable, Sendable {
  /// Leaf (one feature) or chain (several features, one seam).
  public enum Kind: String, Equatable, Sendable, Codable {
    case leaf
    case chain
  }

  /// The recording's name (`counter`, `chain-ping-pong`).
  public var name: String
  /// Leaf or chain.
  public var kind: Kind
  /// The dialect the file declares; 1 when it declares none.
  public var dialect: Int
  /// The `feature` field of a dialect-2 leaf recording.
  public var feature: String?
  /// The seed of a leaf recording.
  public var initialState: JSONValue?
  /// One seed per node of a chain recording.
  public var initialStates: [String: JSONValue]
  /// `scenario.source`: the scenario file, relative to the repository root.
  public var scenarioSource: String?
  /// The steps, in order.
  public var steps: [FixtureStep]

  public init(
    name: String, kind: Kind, dialect: Int = 2, feature: String? = nil, initialState: JSONValue? = nil,
    initialStates: [String: JSONValue] = [:], scenarioSource: String? = nil, steps: [FixtureStep] = []
  ) {
    self.name = name
    self.kind = kind
    self.dialect = dialect
    self.feature = feature
    self.initialState = initialState
    self.initialStates = initialStates
    self.scenarioSource = scenarioSource
    self.steps = steps
  }

  /// Every node a chain's steps reduce on, in first-use order.
  public var nodes: [String] {
    var seen: [String] = []
    for step in steps {
      if let node = step.node, !seen.contains(node) { seen.append(node) }
    }
    for node in JSONValue.canonicalKeyOrder(initialStates) where !seen.contains(node) { seen.append(node) }
    return seen
  }
}

/// One recorded step: the action sent and what the reducer must answer.
public struct FixtureStep: Equatable, Sendable {
  /// 0-based position in the recording.
  public var index: Int
  /// The chain node this step reduces on; `nil` in leaf recordings.
  public var node: String?
  /// The action sent to the reducer.
  public var action: JSONValue
  /// The full state expected after the step (always in leaf recordings, optional in chains).
  public var expectedState: JSONValue?
  /// The effects expected, in emission order.
  public var expectedEffects: JSONValue
  /// The step's label (`ceremony completes › the animation reaches its end`).
  public var label: String?
  /// The scenario line of the step's `When`.
  public var line: Int?
  /// The chain promise: this step's last `notifyListener` payload is the next step's action value.
  public var linkToNext: Bool

  public init(
    index: Int, node: String? = nil, action: JSONValue, expectedState: JSONValue?, expectedEffects: JSONValue,
    label: String? = nil, line: Int? = nil, linkToNext: Bool = false
  ) {
    self.index = index
    self.node = node
    self.action = action
    self.expectedState = expectedState
    self.expectedEffects = expectedEffects
    self.label = label
    self.line = line
    self.linkToNext = linkToNext
  }
}
