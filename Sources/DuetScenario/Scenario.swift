import DuetCore

/// A feature scenario: a Given, When steps with their checks, Contexts and Branches.
///
/// Scenarios are the source of truth of a feature's behaviour: `record` compiles them into fixture
/// documents (one per root-to-leaf path through the Branches), and every core replays those.
///
/// ```swift
/// let counterEndings = Scenario("counter-endings", feature: counter, description: "…") {
///   Given(CounterState())
///   When("increment", .increment)
///   Branch("keeps counting") { When("increment again", .increment) }
///   Branch("changes its mind") { When("decrement", .decrement) }
/// }
/// ```
public struct Scenario<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  /// The fixture name, or its prefix when the scenario branches (`counter-endings`).
  public let name: String
  /// The feature whose reducer the scenario drives.
  public let feature: Feature<State, Action, Payload>
  /// What the scenario pins, written into every fixture it compiles to.
  public let description: String
  let filePath: String
  let elements: [ScenarioElement<State, Action, Payload>]

  /// `filePath` defaults to the file the scenario is written in; fixtures record it relative to
  /// the repository root.
  public init(
    _ name: String, feature: Feature<State, Action, Payload>, description: String, filePath: String = #filePath,
    @ScenarioBuilder<State, Action, Payload> _ body: () -> [ScenarioElement<State, Action, Payload>]
  ) {
    self.name = name
    self.feature = feature
    self.description = description
    self.filePath = filePath
    self.elements = body()
  }

  /// A scenario named after its feature: `Scenario(splashFeature, description: "…") { … }` records
  /// `splash` (or `splash.<branch-slug>`), so the feature's one scenario cannot drift from its name.
  public init(
    _ feature: Feature<State, Action, Payload>, description: String, filePath: String = #filePath,
    @ScenarioBuilder<State, Action, Payload> _ body: () -> [ScenarioElement<State, Action, Payload>]
  ) {
    self.init(feature.name, feature: feature, description: description, filePath: filePath, body)
  }

  /// Runs every path through the reducer, checking each Then, and returns the fixtures in
  /// declaration order. Throws on the first authoring mistake or failing check.
  public func compile(sourceRoot: SourceRoot = .current) throws(ScenarioError) -> [CompiledFixture] {
    try FeatureCompiler(scenario: self, source: sourceRoot.relativePath(of: filePath)).compile()
  }
}

extension Scenario {
  /// Compiles several scenarios of one feature, in order; two producing the same fixture name
  /// is an error naming both, since one recording would silently overwrite the other.
  public static func compile(_ scenarios: [Scenario], sourceRoot: SourceRoot = .current) throws(ScenarioError)
    -> [CompiledFixture]
  {
    var fixtures: [CompiledFixture] = []
    var producers: [String: String] = [:]
    for scenario in scenarios {
      let producer = "scenario '\(scenario.name)' (\(sourceRoot.relativePath(of: scenario.filePath)))"
      for fixture in try scenario.compile(sourceRoot: sourceRoot) {
        if let first = producers[fixture.name] {
          throw .duplicateFixture(fixture.name, first: first, second: producer)
        }
        producers[fixture.name] = producer
        fixtures.append(fixture)
      }
    }
    return fixtures
  }
}
