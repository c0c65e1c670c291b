import DuetCore
import DuetReplay
import XCTest

@testable import FoyerFeatures

final class FoyerRegistryTests: XCTestCase {
  func testTheRegistryServesEveryFeatureOnce() throws {
    try foyerRegistry.validate()

    XCTAssertEqual(
      foyerRegistry.featureNames, ["account", "editname", "home", "onboarding", "root", "signin", "splash", "upgrade"])
  }

  func testAReduceThroughTheRegistryAnswersTheSeedsBytes() throws {
    let step = try foyerRegistry.reduce(
      feature: "splash", state: .object(["isArmed": .bool(true)]), action: .object(["case": .string("appeared")]))

    XCTAssertEqual(step.state, #"{"isArmed":true}"#)
    XCTAssertEqual(step.effects, "[]")
  }

  func testARootReduceThroughTheRegistryTracksTheLaunch() throws {
    let state = try CanonicalEncoder().encode(RootState(auth: .signedOut))
    let action = try CanonicalEncoder().encode(RootAction.splash(event: .completed(path: .safetyNet)))

    let step = try foyerRegistry.reduce(feature: "root", state: state, action: action)

    XCTAssertEqual(
      step.effects,
      #"[{"kind":"run","payload":{"case":"track","value":{"event":{"params":[{"case":"string","value":{"key":"path","value":"safety_net"}}],"subject":"Splash","verb":"Completed"}}}}]"#
    )
  }
}
