import DuetCore
import DuetScenario

/// One feature the runner can reduce: its name and its pure reducer, with the types erased.
///
/// The replay protocol is stateless and speaks JSON trees; the reducer speaks typed values. An
/// entry is the seam between the two: it decodes the request's trees straight into `State` and
/// `Action` with the strict canonical decoder, runs the reducer, and writes the new state and the
/// effects in compact canonical form, so the bytes a verifier compares come from one writer.
public struct ReplayFeature: Sendable {
  /// The feature's name on the wire (`"splash"`), unique within a registry.
  public let name: String
  let reduceTrees: @Sendable (JSONValue, JSONValue) throws(ReplayError) -> ReplayStep
  /// The same reduction read in place from a compact request, its reply line written straight
  /// into a reply writer; false (nothing written) sends the request the tree way.
  let reduceCompact: @Sendable (CompactRequest, ReplyWriter) -> Bool
  /// Compiles the entry's scenarios, in registration order, with the entry's own reducer.
  let compileScenarios: @Sendable (SourceRoot) throws(ScenarioError) -> [CompiledFixture]
  /// Declaration mistakes found when the entry was made (a scenario of another feature).
  let problems: [ReplayRegistryProblem]

  init(
    name: String, problems: [ReplayRegistryProblem] = [],
    reduceTrees: @escaping @Sendable (JSONValue, JSONValue) throws(ReplayError) -> ReplayStep,
    reduceCompact: @escaping @Sendable (CompactRequest, ReplyWriter) -> Bool = { _, _ in false },
    compileScenarios: @escaping @Sendable (SourceRoot) throws(ScenarioError) -> [CompiledFixture] = { _ in [] }
  ) {
    self.name = name
    self.problems = problems
    self.reduceTrees = reduceTrees
    self.reduceCompact = reduceCompact
    self.compileScenarios = compileScenarios
  }

  /// A registry entry for a reducer, written the way an app's replay adapter reads:
  /// `ReplayFeature.entry("splash", SplashState.self, SplashAction.self) { state, action in … }`.
  ///
  /// The effect payload type is inferred from what the reducer returns.
  public static func entry<State: Codable & Sendable, Action: Codable & Sendable, Payload>(
    _ name: String, _ state: State.Type, _ action: Action.Type,
    reducer: @escaping @Sendable (inout State, Action) -> [Effect<Payload>]
  ) -> ReplayFeature {
    ReplayFeature(
      name: name,
      reduceTrees: { stateTree, actionTree throws(ReplayError) in
        try TypedReduction.run(reducer, state: stateTree, action: actionTree)
      },
      reduceCompact: { request, writer in TypedReduction.runCompact(reducer, request, into: writer) })
  }

  /// A registry entry for a feature and the scenarios that record it:
  /// `ReplayFeature.entry(counter, scenarios: [counterScenario, counterEndingsScenario])`.
  ///
  /// The runner can then answer the `scenarios` op for it, which is what `record` asks.
  public static func entry<State, Action, Payload>(
    _ feature: Feature<State, Action, Payload>, scenarios: [Scenario<State, Action, Payload>] = []
  ) -> ReplayFeature {
    let problems = scenarios.filter { $0.feature.name != feature.name }.map {
      ReplayRegistryProblem.foreignScenario($0.name, writtenFor: $0.feature.name, registeredUnder: feature.name)
    }
    let reducer = feature.reduce
    return ReplayFeature(
      name: feature.name, problems: problems,
      reduceTrees: { stateTree, actionTree throws(ReplayError) in
        try TypedReduction.run(reducer, state: stateTree, action: actionTree)
      },
      reduceCompact: { request, writer in TypedReduction.runCompact(reducer, request, into: writer) },
      compileScenarios: { root throws(ScenarioError) in try Scenario.compile(scenarios, sourceRoot: root) })
  }
}
