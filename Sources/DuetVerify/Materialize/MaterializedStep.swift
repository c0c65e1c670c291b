import DuetCore

/// One recorded step, with the state to seed before it: what a generated test replays.
///
/// The seed is the state recorded before the step. In a leaf recording every step records the
/// full state after it, so the seed of step k is step k-1's `expectedState` (or `initialState`
/// for step 0). A chain records one seed per node and usually no states after steps, so the seed
/// is the node's latest recorded state before the step (its `initialStates` entry when none), and
/// the node's steps since then are replayed in the test to reach its state at that point, as
/// verify threads it.
struct MaterializedStep: Sendable {
  /// The recording's name.
  var recording: String
  /// Its file, relative to the repository root.
  var file: String
  var kind: FixtureDocument.Kind
  /// The feature the step reduces on (the leaf's owner, or the chain step's node).
  var feature: String
  /// The scenario file, when recorded.
  var scenarioSource: String?
  /// The seed and where in the recording it comes from (`steps[0].expectedState`).
  var seed: WireText
  var seedPath: String
  /// The node's steps between the seed and the step, replayed without being checked here.
  var replayedBefore: [FixtureStep]
  /// The step itself.
  var step: FixtureStep

  /// Picks step `index` of `document` and its seed; `owner` is the manifest's owner of a leaf.
  static func plan(
    _ document: FixtureDocument, file: String, owner: String?, step index: Int
  ) throws(MaterializeError) -> MaterializedStep {
    guard index < document.steps.count else {
      throw .noSuchStep(document.name, step: index, count: document.steps.count)
    }
    let step = document.steps[index]
    let feature = step.node ?? document.feature ?? owner ?? ""
    let sameNode = document.steps[..<index].filter { $0.node == step.node }
    var seed: WireText
    var seedPath: String
    var replayed: [FixtureStep] = []
    if let recorded = sameNode.lastIndex(where: { $0.expectedState != nil }),
      let state = sameNode[recorded].expectedState
    {
      seed = state
      seedPath = "steps[\(sameNode[recorded].index)].expectedState"
      replayed = Array(sameNode[(recorded + 1)...])
    } else {
      switch document.kind {
      case .leaf:
        seed = document.initialState ?? WireText(text: "{}")
        seedPath = "initialState"
      case .chain:
        seed = document.initialStates[feature] ?? WireText(text: "{}")
        seedPath = "initialStates." + feature
      }
      replayed = sameNode
    }
    return MaterializedStep(
      recording: document.name, file: file, kind: document.kind, feature: feature,
      scenarioSource: document.scenarioSource, seed: seed, seedPath: seedPath, replayedBefore: replayed, step: step)
  }
}
