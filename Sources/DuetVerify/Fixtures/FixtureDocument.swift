import DuetCore

/// A recording loaded from disk: the one representation lint, the taxonomy gate, replay and
/// `explain` all read.
///
/// Both readers produce it: a file proven canonical is read without a tree (`PrettyFixtureReader`,
/// its values are spans of the file with the layout dropped), any other file is parsed
/// (`FixtureDocumentReader`). Either way every value replay sends or compares is a span of the
/// recording's one compact `text`, written once, so replay never rebuilds anything per step; the
/// steps are `RecordedStep`s (spans and flags, no string and no reference), and a `FixtureStep`
/// with its texts and label is made only where a step is explained, fails or is planned
/// (`step(_:)`, `steps`). Leaf and chain recordings share one shape (a chain step names its node;
/// a leaf step's node is the owner feature, `node(of:owner:)`), so the replayer has one loop.
/// Only the type and its `Kind` are public: `FixtureResult.kind` names them.
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
  /// The steps, in order, as spans of `texts` (what replay reads per step).
  var recorded: [RecordedStep] = []
  /// What the steps' spans point into: their compact texts, the values the dialect cannot send,
  /// and the chain nodes they name.
  var texts = RecordingTexts()
  /// Its path relative to the repository root (`fixtures/counter.fixture.json`).
  var file: String = ""
  /// The bytes as read (lint quotes lines from them).
  var bytes: [UInt8] = []
  /// The parsed tree, when the parser read the file; `nil` means the bytes are proven canonical.
  var tree: JSONValue?
  /// What the taxonomy gate scans: the whole tree, or the slim one holding only the effects that
  /// can carry a `track` envelope.
  var taxonomyDocument: JSONValue = .null

  init(
    name: String, kind: Kind, dialect: Int = 2, feature: String? = nil, initialState: WireText? = nil,
    initialStates: [String: WireText] = [:], scenarioSource: String? = nil, steps: [FixtureStep] = []
  ) {
    self.name = name
    self.kind = kind
    self.dialect = dialect
    self.feature = feature
    self.initialState = initialState
    self.initialStates = initialStates
    self.scenarioSource = scenarioSource
    // A reader starts from an empty document: setting no steps would only remake empty texts.
    if !steps.isEmpty { self.steps = steps }
  }

  /// False when the taxonomy gate can find no `track` envelope in the recording without looking:
  /// the fast reader made no slim tree, as none of its effects can hold one.
  var mayHoldTrack: Bool {
    if tree != nil { return true }
    if case .null = taxonomyDocument { return false }
    return true
  }

  /// An empty leaf document named `name`, for a reader to fill where it is kept (no default
  /// argument to evaluate, so the compiler builds it in place rather than copying it in).
  init(reading name: String) {
    self.name = name
    kind = .leaf
  }

  /// The document, moved out and an empty one left in its place. Returned into a `Result`, a
  /// document that is a variable on another path is copied (every reference retained) and the
  /// variable destroyed (every reference released); an empty one costs next to nothing to destroy.
  mutating func taken() -> FixtureDocument {
    var taken = FixtureDocument(reading: "")
    swap(&taken, &self)
    return taken
  }

  /// How many steps the recording has.
  var stepCount: Int { recorded.count }

  /// Step `index` with its texts and label made (for explaining, failing and planning a step).
  func step(_ index: Int) -> FixtureStep {
    let record = recorded[index]
    return FixtureStep(
      index: index, node: texts.node(record.node), action: texts.wireText(record.action),
      expectedState: record.expectedState.isAbsent ? nil : texts.wireText(record.expectedState),
      expectedEffects: texts.wireText(record.expectedEffects), label: texts.label(record.label),
      line: record.line, linkToNext: record.linkToNext)
  }

  /// The steps with their texts and labels made (each ask makes them all: not for a per-step
  /// path). Set, they are written into `texts` and `recorded`.
  var steps: [FixtureStep] {
    get { recorded.indices.map(step) }
    set {
      texts = RecordingTexts()
      recorded = newValue.map { texts.record($0) }
      texts.writeReplies(for: &recorded)
    }
  }

  /// Every node a chain's steps reduce on, in first-use order.
  var nodes: [String] {
    var seen: [String] = []
    for record in recorded {
      if let node = texts.node(record.node), !seen.contains(node) { seen.append(node) }
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

/// One recorded step: the action sent and what the reducer must answer, with its texts and label
/// made (`FixtureDocument.step(_:)`).
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
