import DuetCore
import XCTest

@testable import FoyerFeatures

final class SplashReducerTests: XCTestCase {
  func testAppearingArmsTheSafetyNetUnderItsID() {
    let (state, effects) = step(splashReducer, from: SplashState(), .appeared)

    XCTAssertTrue(state.isArmed)
    XCTAssertEqual(effects, [.run(.armSafetyNet(afterMillis: 3000), id: "splash.safetyNet")])
  }

  func testARepeatAppearWritesNothingAndEmitsNothing() {
    let (state, effects) = step(splashReducer, from: SplashState(isArmed: true), .appeared)

    XCTAssertEqual(state, SplashState(isArmed: true))
    XCTAssertEqual(effects, [])
  }

  func testTheCeremonyEndingNotifiesByTheCeremonyPath() {
    let (state, effects) = step(splashReducer, from: SplashState(isArmed: true), .ceremonyFinished)

    XCTAssertEqual(state, SplashState(isArmed: true))
    XCTAssertEqual(effects, [.run(.notifyListener(.completed(path: .ceremony)))])
  }

  func testTheSafetyNetFiringNotifiesByTheSafetyNetPath() {
    let (state, effects) = step(splashReducer, from: SplashState(isArmed: true), .safetyNetElapsed)

    XCTAssertEqual(state, SplashState(isArmed: true))
    XCTAssertEqual(effects, [.run(.notifyListener(.completed(path: .safetyNet)))])
  }

  func testBothPathsNotifyBecauseTheSplashHasNoCompletionLatch() {
    let (_, effects) = steps(splashReducer, from: SplashState(), [.appeared, .ceremonyFinished, .safetyNetElapsed])

    XCTAssertEqual(effects, [.run(.notifyListener(.completed(path: .safetyNet)))])
  }

  func testTheSplashEmitsNoTrackEffectOnAnyPath() throws {
    for action in [SplashAction.appeared, .ceremonyFinished, .safetyNetElapsed] {
      let (_, effects) = step(splashReducer, from: SplashState(), action)
      XCTAssertFalse(
        try canonical(effects).contains("\"track\""), "\(action) must not track: the root counts the launch")
    }
  }

  func testTheArmEffectEncodesAsTheSeedRecordsIt() throws {
    let (_, effects) = step(splashReducer, from: SplashState(), .appeared)

    XCTAssertEqual(
      try canonical(effects),
      #"[{"id":"splash.safetyNet","kind":"run","payload":{"case":"armSafetyNet","value":{"afterMillis":3000}}}]"#)
  }

  func testTheCompletionEncodesWithTheDelegateEventBare() throws {
    let (_, effects) = step(splashReducer, from: SplashState(), .safetyNetElapsed)

    XCTAssertEqual(
      try canonical(effects),
      #"[{"kind":"run","payload":{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"safetyNet"}}}}}]"#
    )
  }

  func testTheStateEncodesAsOneFlag() throws {
    XCTAssertEqual(try canonical(SplashState(isArmed: true)), #"{"isArmed":true}"#)
    XCTAssertEqual(try canonical(SplashAction.appeared), #"{"case":"appeared"}"#)
  }
}
