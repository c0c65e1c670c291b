import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class OnboardingReducerTests: XCTestCase {
  func testContinueWalksTheScreensInOrder() {
    let welcome = OnboardingState()

    XCTAssertEqual(step(onboardingReducer, from: welcome, .continued).state.step, .preferences)
    XCTAssertEqual(steps(onboardingReducer, from: welcome, [.continued, .continued]).state.step, .ready)
  }

  func testBackReturnsOneScreenAndStopsAtTheWelcome() {
    let ready = OnboardingState(step: .ready)

    XCTAssertEqual(step(onboardingReducer, from: ready, .backTapped).state.step, .preferences)
    XCTAssertEqual(steps(onboardingReducer, from: ready, [.backTapped, .backTapped, .backTapped]).state.step, .welcome)
  }

  func testTogglingKeepsThePicksInTheirListedOrder() {
    let picking = OnboardingState(step: .preferences)
    let (state, _) = steps(
      onboardingReducer, from: picking, [.preferenceToggled(.music), .preferenceToggled(.reading)])

    XCTAssertEqual(state.preferences, [.reading, .music])
  }

  func testTogglingAPickTwiceRemovesIt() {
    let picking = OnboardingState(step: .preferences, preferences: [.cooking])

    XCTAssertEqual(step(onboardingReducer, from: picking, .preferenceToggled(.cooking)).state.preferences, [])
  }

  func testTogglingOutsideThePreferencesScreenIsInert() {
    let welcome = OnboardingState()

    XCTAssertEqual(step(onboardingReducer, from: welcome, .preferenceToggled(.travel)).state, welcome)
  }

  func testTheLastContinueTracksThePickCountThenTellsTheHost() throws {
    let ready = OnboardingState(step: .ready, preferences: [.reading, .travel])
    let (state, effects) = step(onboardingReducer, from: ready, .continued)

    XCTAssertTrue(state.isFinished)
    XCTAssertEqual(
      effects,
      [.track(OnboardingEvents.completed(preferenceCount: 2)), .run(.notifyListener(.finished))])
    XCTAssertEqual(try trackedEvents(effects).first?.encodedPrimitives(), ["preference_count": .int(2)])
    XCTAssertEqual(try trackedNames(effects), ["Onboarding Completed"])
  }

  func testAFinishedFlowIsInert() {
    let finished = OnboardingState(step: .ready, isFinished: true)

    for action in [OnboardingAction.continued, .backTapped, .preferenceToggled(.music)] {
      let (state, effects) = step(onboardingReducer, from: finished, action)
      XCTAssertEqual(state, finished, "\(action)")
      XCTAssertEqual(effects, [], "\(action)")
    }
  }
}
