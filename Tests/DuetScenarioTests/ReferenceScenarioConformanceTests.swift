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

  /// Duet's recordings of our demo scenarios, as (reference subfolder, fixture name).
  static let recordings = [
    ("duet-framework/swift", "counter"),
    ("duet-framework/swift", "counter-endings.keeps-counting"),
    ("duet-framework/swift", "counter-endings.changes-its-mind"),
    ("duet-framework/swift", "chain-ping-pong"),
    ("duet-framework/kotlin", "chain-ping-pong"),
    ("duet-framework/kotlin", "lamp.dimmed-evening"),
    ("duet-framework/kotlin", "lamp.timed-off"),
  ]

  /// One test over the reference folder (a fresh clone without `../shared` skips it once); every
  /// recording is checked and each failure names its recording.
  func testEveryDemoScenarioMatchesDuetsSwiftAndKotlinRecordings() throws {
    // Outside XCTUnwrap: its autoclosure would turn the skip (no ../shared) into a failure.
    let files = try SharedReference.files(in: "duet-framework", suffix: ".fixture.json")
    let compiled = try compiledDemoFixtures()
    for (subfolder, name) in Self.recordings {
      let relative = "\(subfolder)/\(name).fixture.json"
      guard let url = files.first(where: { $0.path.hasSuffix("/reference/\(relative)") }) else {
        XCTFail("\(relative): the recording is missing from ../shared/reference")
        continue
      }
      guard let fixture = compiled[name] else {
        XCTFail("\(relative): no demo scenario compiles \(name)")
        continue
      }
      do {
        try assertBehaviourMatches(reference: try JSONParser().parse(try Data(contentsOf: url)), fixture, relative)
      } catch {
        XCTFail("\(relative): \(error)")
      }
    }
  }

  func assertBehaviourMatches(reference: JSONValue, _ compiled: CompiledFixture, _ relative: String) throws {
    let expected = try CanonicalWriter.compact(Behaviour.of(reference))
    let actual = try CanonicalWriter.compact(Behaviour.of(compiled.document))
    XCTAssertEqual(actual, expected, relative)
    if let divergence = FirstDivergence.between(
      Behaviour.of(reference), Behaviour.of(compiled.document), root: compiled.name)
    {
      XCTFail("\(relative): first divergence at \(divergence.path)")
    }
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
