import DemoFeatures
import DuetCore
import DuetScenario
import TestSupport
import XCTest

/// Our demo scenarios compile to fixtures whose behaviour equals Duet's own recordings.
///
/// Metadata (description, scenario source, labels, lines) is ours; the behavioural fields —
/// initial state(s), and per step the node, action, expected state and expected effects, plus
/// `linkToNext` — must be canonically identical to the Swift and Kotlin reference files.
final class ReferenceScenarioConformanceTests: XCTestCase {
  func compiledDemoFixtures() throws -> [String: CompiledFixture] {
    var fixtures = try Scenario.compile([counterScenario, counterEndingsScenario], sourceRoot: testRoot)
    fixtures += try lampScenario.compile(sourceRoot: testRoot)
    fixtures.append(try pingPongChain.compile(sourceRoot: testRoot))
    return Dictionary(uniqueKeysWithValues: fixtures.map { ($0.name, $0) })
  }

  func assertBehaviourMatches(_ subfolder: String, _ name: String, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let url = try SharedReference.fixture(in: subfolder, named: name)
    let reference = try JSONParser().parse(try Data(contentsOf: url))
    let compiled = try XCTUnwrap(
      try compiledDemoFixtures()[name], "no demo scenario compiles \(name)", file: file, line: line)
    let expected = try CanonicalWriter.compact(Behaviour.of(reference))
    let actual = try CanonicalWriter.compact(Behaviour.of(compiled.document))
    XCTAssertEqual(actual, expected, file: file, line: line)
    if let divergence = FirstDivergence.between(Behaviour.of(reference), Behaviour.of(compiled.document), root: name) {
      XCTFail("first divergence at \(divergence.path)", file: file, line: line)
    }
  }

  func testCounterMatchesDuetsSwiftRecording() throws {
    try assertBehaviourMatches("duet-framework/swift", "counter")
  }

  func testCounterKeepsCountingMatchesDuetsSwiftRecording() throws {
    try assertBehaviourMatches("duet-framework/swift", "counter-endings.keeps-counting")
  }

  func testCounterChangesItsMindMatchesDuetsSwiftRecording() throws {
    try assertBehaviourMatches("duet-framework/swift", "counter-endings.changes-its-mind")
  }

  func testPingPongChainMatchesDuetsSwiftRecording() throws {
    try assertBehaviourMatches("duet-framework/swift", "chain-ping-pong")
  }

  func testPingPongChainMatchesDuetsKotlinRecording() throws {
    try assertBehaviourMatches("duet-framework/kotlin", "chain-ping-pong")
  }

  func testLampDimmedEveningMatchesDuetsKotlinRecording() throws {
    try assertBehaviourMatches("duet-framework/kotlin", "lamp.dimmed-evening")
  }

  func testLampTimedOffMatchesDuetsKotlinRecording() throws {
    try assertBehaviourMatches("duet-framework/kotlin", "lamp.timed-off")
  }

  func testOurChainFixtureNamesItsChainLikeDuetDoes() throws {
    let url = try SharedReference.fixture(in: "duet-framework/swift", named: "chain-ping-pong")
    let reference = try JSONParser().parse(try Data(contentsOf: url))
    XCTAssertEqual(try pingPongChain.compile(sourceRoot: testRoot).document["chain"], reference["chain"])
  }
}

/// The behavioural fields of a fixture document (plus the leaf's feature and chain's linkToNext).
enum Behaviour {
  static let documentKeys: Set<String> = ["feature", "initialState", "initialStates", "steps"]
  static let stepKeys: Set<String> = ["node", "action", "expectedState", "expectedEffects", "linkToNext"]

  static func of(_ document: JSONValue) -> JSONValue {
    var kept = (document.objectValue ?? [:]).filter { documentKeys.contains($0.key) }
    if let steps = kept["steps"]?.arrayValue {
      kept["steps"] = .array(steps.map { .object(($0.objectValue ?? [:]).filter { stepKeys.contains($0.key) }) })
    }
    return .object(kept)
  }
}
