import DemoFeatures
import DuetCore
import DuetReplay
import XCTest

/// A state the canonical dialect cannot carry: a floating-point field.
struct ThermostatState: Codable, Sendable {
  var celsius: Double?
}

enum ThermostatAction: Sendable, CanonicalSumCodable {
  case warm
}

func thermostatReducer(_ state: inout ThermostatState, _ action: ThermostatAction) -> [Effect<Never>] {
  state.celsius = 21.5
  return []
}

/// The registry: lookups, declaration problems and the in-process reduce path.
final class ReplayRegistryTests: XCTestCase {
  func entry(_ name: String) -> ReplayFeature {
    ReplayFeature.entry(name, CounterState.self, CounterAction.self) { counterReducer(&$0, $1) }
  }

  func testFeatureNamesAreInCanonicalOrder() {
    let registry = ReplayRegistry([entry("zeta"), entry("alpha"), entry("mid-one")])
    XCTAssertEqual(registry.featureNames, ["alpha", "mid-one", "zeta"])
    XCTAssertEqual(registry.problems, [])
  }

  func testDuplicateFeatureNamesAreAProblemNotATrap() {
    let registry = ReplayRegistry([entry("counter"), entry("counter")])
    XCTAssertEqual(
      registry.problems.map(\.description),
      [
        "feature 'counter' is registered 2 times; each feature name may appear once in a ReplayRegistry, so remove or rename the extra entries"
      ])
    XCTAssertThrowsError(try registry.validate())
  }

  func testInvalidFeatureNameIsAProblem() {
    let registry = ReplayRegistry([entry("Counter")])
    XCTAssertEqual(
      registry.problems.map(\.description),
      [
        "feature name 'Counter' is not valid; a feature name starts with a lower-case letter and continues with lower-case letters, digits or '-' (like 'splash' or 'share-picker')"
      ])
  }

  func testInProcessReduceReturnsTheTwoCanonicalStrings() throws {
    let step = try demoRegistry.reduce(
      feature: "counter", state: .object(["count": .integer(2), "isAutoIncrementing": .bool(true)]),
      action: .object(["case": .string("tick")]))
    XCTAssertEqual(step.state, #"{"count":3,"isAutoIncrementing":true}"#)
    XCTAssertEqual(step.effects, "[]")
  }

  func testInProcessReduceOfAnUnknownFeatureThrowsItsProtocolError() {
    XCTAssertThrowsError(try demoRegistry.reduce(feature: "nope", state: .null, action: .null)) {
      XCTAssertEqual($0 as? ReplayError, .unknownFeature("nope"))
    }
  }

  func testAStateTheDialectCannotWriteIsAnErrorNamingThePath() {
    let registry = ReplayRegistry([
      ReplayFeature.entry("thermostat", ThermostatState.self, ThermostatAction.self) { thermostatReducer(&$0, $1) }
    ])
    let reply = ReplayServer(registry: registry).respond(
      to: Array(#"{"op":"reduce","feature":"thermostat","state":{},"action":{"case":"warm"}}"#.utf8))
    XCTAssertEqual(
      reply,
      .line(
        #"{"error":"the reducer's result cannot be written as canonical JSON: floating-point values are forbidden in fixture-visible types (a Double or Float at state.celsius); use an integer unit such as millis or cents"}"#
      ))
  }
}
