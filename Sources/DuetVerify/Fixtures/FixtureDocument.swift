import DuetCore

/// A recording loaded from disk: the one representation lint, the taxonomy gate, replay and
/// `explain` all read.
///
/// Both readers produce it: a file proven canonical is read without a tree (`PrettyFixtureReader`,
/// its values are spans of the file with the layout dropped), any other file is parsed
/// (`FixtureDocumentReader`). Either way every value replay sends or compares is a `WireText`
/// computed once, so replay never rebuilds anything per step; trees are only made when a step
/// fails. Leaf and chain recordings share one shape (a chain step names its node; a leaf step's
/// node is the owner feature, `node(of:owner:)`), so the replayer has one loop. Only the type and
/// its `Kind` are public: `FixtureResult.kind` names them.
public struct FixtureDocument: Sendable {
  /// Leaf (one feature) or chain (several features, one seam).
  public enum Kind: String, Equatable, Sendable, Codable {
    case leaf
    case chain
  }

  /// The recording's name (`counter`, `chain-ping-pong`).
  var name: String
  /// Leaf or chain.
  var kind: Kind
  /// The dialect the file declares; 1 when it declares none.
  var dialect: Int = 2
  /// The `feature` field of a dialect-2 leaf recording.
  var feature: String?
  /// The seed of a leaf recording.
  var initialState: WireText?
  /// One seed per node of a chain recording.
  var initialStates: [String: WireText] = [:]
  /// `scenario.source`: the scenario file, relative to the repository root.
  var scenarioSource: String?
  /// The steps, in order.
  var steps: [FixtureStep] = []
  /// Its path relative to the repository root (`fixtures/counter.fixture.json`).
  var file: String = ""
  /// The bytes as read (lint quotes lines from them).
  var bytes: [UInt8] = []
  /// The parsed tree, when the parser read the file; `nil` means the bytes are proven canonical.
  var tree: JSONValue?
  /// What the taxonomy gate scans: the whole tree, or the slim one holding only the effects that
  /// can carry a `track` envelope.
  var taxonomyDocument: JSONValue = .null

  /// Every node a chain's steps reduce on, in first-use order.
  var nodes: [String] {
    var seen: [String] = []
    for step in steps {
      if let node = step.node, !seen.contains(node) { seen.append(node) }
    }
    for node in initialStates.keys.sorted(by: JSONValue.canonicalPrecedes) where !seen.contains(node) {
      seen.append(node)
    }
    return seen
  }

  /// The feature a leaf recording replays on: the manifest's owner, else the file's `feature`.
  func leafFeature(owner: String?) -> String {
    owner ?? feature ?? ""
  }

  /// The node `step` reduces on: its own (chains), else the leaf's feature. The one owner/node rule.
  func node(of step: FixtureStep, owner: String?) -> String {
    step.node ?? leafFeature(owner: owner)
  }
}

/// One recorded step: the action sent and what the reducer must answer.
struct FixtureStep: Sendable {
  /// 0-based position in the recording.
  var index: Int
  /// The chain node this step reduces on; `nil` in leaf recordings.
  var node: String?
  /// The action sent to the reducer.
  var action: WireText
  /// The full state expected after the step (always in leaf recordings, optional in chains).
  var expectedState: WireText?
  /// The effects expected, in emission order.
  var expectedEffects: WireText
  /// The step's label (`ceremony completes › the animation reaches its end`).
  var label: String?
  /// The scenario line of the step's `When`.
  var line: Int?
  /// The chain promise: this step's last `notifyListener` payload is the next step's action value.
  var linkToNext: Bool = false

}
