import DuetCore
import DuetReplay
import XCTest

@testable import FoyerFeatures

/// The recordings replayed in-process, the way `verify` replays them through `replay-runner`: seed
/// the state, reduce each step, compare the canonical bytes, thread the actual state forward.
final class RecordingReplayTests: XCTestCase {
  func testEveryLeafRecordingReplaysThroughTheRegistry() throws {
    for fixture in try Repository.compiledFixtures() where fixture.document["feature"] != nil {
      XCTAssertNil(try firstDivergentStep(of: fixture.document, through: foyerRegistry), fixture.name)
    }
  }

  func testRemovingTheArmingGuardFailsTheRepeatAppearRecordingAtStepOne() throws {
    let guardless = ReplayRegistry([
      ReplayFeature.entry("splash", SplashState.self, SplashAction.self) { state, action in
        guard action == .appeared else { return splashReducer(state: &state, action: action) }
        state.isArmed = true
        return [.run(.armSafetyNet(afterMillis: SplashConfig.safetyNetMillis), id: SplashEffectIDs.safetyNet)]
      }
    ])
    let splash = try Repository.compiledFixtures().filter { $0.document["feature"]?.stringValue == "splash" }

    let failures = try splash.compactMap { fixture in
      try firstDivergentStep(of: fixture.document, through: guardless).map { "\(fixture.name)#\($0)" }
    }

    XCTAssertEqual(failures, ["splash.repeat-appear-inert#1 effects"])
  }

  /// `"<step> state"` or `"<step> effects"` for the first step whose bytes differ, or nil.
  private func firstDivergentStep(of document: JSONValue, through registry: ReplayRegistry) throws -> String? {
    let feature = try XCTUnwrap(document["feature"]?.stringValue)
    var state = try XCTUnwrap(document["initialState"])
    for (index, step) in (document["steps"]?.arrayValue ?? []).enumerated() {
      let reduced = try registry.reduce(feature: feature, state: state, action: try XCTUnwrap(step["action"]))
      if reduced.state != (try CanonicalWriter.compact(try XCTUnwrap(step["expectedState"]))) {
        return "\(index) state"
      }
      if reduced.effects != (try CanonicalWriter.compact(try XCTUnwrap(step["expectedEffects"]))) {
        return "\(index) effects"
      }
      state = try JSONParser().parse(reduced.state)
    }
    return nil
  }
}
