/// What replaying one recording produced: its steps, and the first failure if any.
///
/// Results are typed values (run → fixtures → steps → first divergence); reporters only render
/// them, and `.runs/` stores them so `explain` can re-render without replaying. Public (with its
/// parts, `StepResult`, `FixtureFailure`, `Divergence`) because it is the format of the `.runs/`
/// result files: an embedding program decodes them with it.
public struct FixtureResult: Codable, Equatable, Sendable {
  /// The recording's name.
  public var name: String
  /// Leaf or chain.
  public var kind: FixtureDocument.Kind
  /// The owner feature (leaf recordings).
  public var feature: String?
  /// The file, relative to the repository root.
  public var file: String
  /// The scenario file the recording came from.
  public var scenarioSource: String?
  /// How many steps the recording has.
  public var stepCount: Int
  /// The steps that were replayed, in order (the failing one last).
  public var steps: [StepResult]
  /// The first failure; `nil` when the recording passed.
  public var failure: FixtureFailure? {
    get { failureBox?.failure }
    set { failureBox = newValue.map(FailureBox.init) }
  }
  /// Wall time spent on this recording, in milliseconds.
  public var durationMillis: Int

  /// The failure lives out of line: a run holds one result per recording, most of them passed,
  /// and an inline `FixtureFailure?` would more than double every one of them.
  private var failureBox: FailureBox?

  init(
    name: String, kind: FixtureDocument.Kind, feature: String? = nil, file: String, scenarioSource: String? = nil,
    stepCount: Int = 0, steps: [StepResult] = [], failure: FixtureFailure? = nil, durationMillis: Int = 0
  ) {
    self.name = name
    self.kind = kind
    self.feature = feature
    self.file = file
    self.scenarioSource = scenarioSource
    self.stepCount = stepCount
    self.steps = steps
    self.failureBox = failure.map(FailureBox.init)
    self.durationMillis = durationMillis
  }

  /// The synthesized conformance's keys, with the failure box stored under `failure`: the box is an
  /// in-memory detail, and it encodes as the failure itself.
  enum CodingKeys: String, CodingKey {
    case name, kind, feature, file, scenarioSource, stepCount, steps, durationMillis
    case failureBox = "failure"
  }

  /// True when every step matched.
  public var passed: Bool {
    // A match, not `== nil`, which copied the failure to compare it (the run's counts ask this of
    // every result).
    if case .none = failure { return true }
    return false
  }

  /// What a report needs of a passed recording: everything but its step list (`stepCount` still
  /// says how many steps passed). Failed results are kept whole.
  var slimmed: FixtureResult {
    var slim = self
    slim.slim()
    return slim
  }

  /// Slims this result in place (``slimmed``), copying none of it.
  mutating func slim() {
    guard passed, !steps.isEmpty else { return }
    stepCount = max(stepCount, steps.count)
    steps = []
  }
}

/// A failure held by reference (immutable, so sharing it between copies is safe). It codes and
/// compares as the failure it holds.
final class FailureBox: Codable, Equatable, Sendable {
  let failure: FixtureFailure
  init(_ failure: FixtureFailure) {
    self.failure = failure
  }

  init(from decoder: any Decoder) throws {
    failure = try FixtureFailure(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try failure.encode(to: encoder)
  }

  static func == (lhs: FailureBox, rhs: FailureBox) -> Bool {
    lhs === rhs || lhs.failure == rhs.failure
  }
}

/// One replayed step (public as a part of `FixtureResult`).
public struct StepResult: Codable, Equatable, Sendable {
  /// 0-based index.
  public var index: Int
  /// The chain node (chains only).
  public var node: String?
  /// The step's label.
  public var label: String?
  /// The scenario line.
  public var line: Int?
  /// True when state and effects matched byte for byte.
  public var passed: Bool

  init(index: Int, node: String? = nil, label: String? = nil, line: Int? = nil, passed: Bool) {
    self.index = index
    self.node = node
    self.label = label
    self.line = line
    self.passed = passed
  }
}

/// The first thing that went wrong in a recording, with everything a failure block shows (public
/// as a part of `FixtureResult`).
public struct FixtureFailure: Error, Codable, Equatable, Sendable {
  /// What kind of failure.
  public enum Reason: String, Codable, Equatable, Sendable {
    case stateDiverged
    case effectsDiverged
    case seamBroken
    case runnerError
    case runnerFault
    case featureNotServed
    case unreadable
    case notRun
  }

  /// What kind of failure this is; picks the header's phrase.
  public var reason: Reason
  /// The 0-based step (absent when the recording failed before any step).
  public var step: Int?
  /// The chain node of that step.
  public var node: String?
  /// The step's label.
  public var label: String?
  /// The scenario line of the step.
  public var line: Int?
  /// The first divergent path and both fragments.
  public var divergence: Divergence?
  /// The step's action, compact.
  public var action: String?
  /// A sentence for failures that are not divergences (runner faults, unreadable files), or a note.
  public var detail: String?
  /// The runner's last stderr lines, for runner faults.
  public var stderr: [String]?
  /// For a divergence: a few lines of the pretty expected and actual trees around the first
  /// difference (`- ` expected, `+ ` actual, `  ` context), kept so `explain` can re-render it.
  public var diff: [String]?

  init(
    reason: Reason, step: Int? = nil, node: String? = nil, label: String? = nil, line: Int? = nil,
    divergence: Divergence? = nil, action: String? = nil, detail: String? = nil, stderr: [String]? = nil,
    diff: [String]? = nil
  ) {
    self.reason = reason
    self.step = step
    self.node = node
    self.label = label
    self.line = line
    self.divergence = divergence
    self.action = action
    self.detail = detail
    self.stderr = stderr
    self.diff = diff
  }
}

/// Where expected and actual first differ: the path and the two compact fragments (`∅` = missing).
/// Public as a part of `FixtureFailure`.
public struct Divergence: Codable, Equatable, Sendable {
  /// `expectedEffects[0].payload.value.path`.
  public var path: String
  /// The expected fragment, compact.
  public var expected: String
  /// The actual fragment, compact.
  public var actual: String

  init(path: String, expected: String, actual: String) {
    self.path = path
    self.expected = expected
    self.actual = actual
  }
}
