import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class RootReducerTests: XCTestCase {
  private let launchingSignedOut = RootState(phase: .splash, auth: .signedOut)

  func testTheSplashCompletingTracksTheLaunchByItsPath() throws {
    let (_, effects) = step(rootReducer, from: launchingSignedOut, .splash(event: .completed(path: .safetyNet)))

    let events = try trackedEvents(effects)
    XCTAssertEqual(events.map { $0.encodedName() }, ["Splash Completed"])
    XCTAssertEqual(events.first?.encodedPrimitives(), ["path": .string("safety_net")])
  }

  func testTheSplashCompletingWithAKnownSessionEntersItsPhase() {
    XCTAssertEqual(
      step(rootReducer, from: launchingSignedOut, .splash(event: .completed(path: .ceremony))).state.phase, .signIn)
    XCTAssertEqual(
      step(rootReducer, from: RootState(auth: .signedIn(onboarded: false)), .splash(event: .completed(path: .ceremony)))
        .state
        .phase,
      .onboarding)
    XCTAssertEqual(
      step(rootReducer, from: RootState(auth: .signedIn(onboarded: true)), .splash(event: .completed(path: .ceremony)))
        .state
        .phase,
      .home)
  }

  func testLateSplashTracksNothing() {
    let (state, effects) = steps(
      rootReducer, from: launchingSignedOut,
      [.splash(event: .completed(path: .ceremony)), .splash(event: .completed(path: .safetyNet))])

    XCTAssertEqual(state.phase, .signIn)
    XCTAssertEqual(effects, [])
  }

  func testTheSplashCompletingBeforeTheSessionIsKnownSetsTheLatchAndCountsTheLaunch() throws {
    let (state, effects) = step(rootReducer, from: RootState(), .splash(event: .completed(path: .ceremony)))

    XCTAssertEqual(state, RootState(phase: .splash, auth: .unknown, awaitingAuth: true))
    XCTAssertEqual(try trackedNames(effects), ["Splash Completed"])
  }

  func testARepeatedCompletionWhileTheLatchWaitsTracksNothing() {
    let waiting = RootState(phase: .splash, auth: .unknown, awaitingAuth: true)
    let (state, effects) = step(rootReducer, from: waiting, .splash(event: .completed(path: .safetyNet)))

    XCTAssertEqual(state, waiting)
    XCTAssertEqual(effects, [])
  }

  func testTheSessionAnswerReleasesTheLatchIntoItsPhase() {
    let waiting = RootState(phase: .splash, auth: .unknown, awaitingAuth: true)
    let (state, effects) = step(rootReducer, from: waiting, .sessionResolved(.signedIn(onboarded: true)))

    XCTAssertEqual(state, RootState(phase: .home, auth: .signedIn(onboarded: true), awaitingAuth: false))
    XCTAssertEqual(effects, [])
  }

  func testAnUnknownSessionAnswerKeepsTheLatch() {
    let waiting = RootState(phase: .splash, auth: .unknown, awaitingAuth: true)

    XCTAssertEqual(step(rootReducer, from: waiting, .sessionResolved(.unknown)).state, waiting)
  }

  func testTheSessionAnswerDuringTheCeremonyOnlyRecordsTheSession() {
    let (state, effects) = step(rootReducer, from: RootState(), .sessionResolved(.signedOut))

    XCTAssertEqual(state, RootState(phase: .splash, auth: .signedOut))
    XCTAssertEqual(effects, [])
  }

  func testASessionEndingElsewhereReturnsToTheGate() {
    let home = RootState(phase: .home, auth: .signedIn(onboarded: true), isUpgradePresented: true)

    XCTAssertEqual(
      step(rootReducer, from: home, .sessionResolved(.signedOut)).state, RootState(phase: .signIn, auth: .signedOut))
  }

  func testSigningInANewAccountEntersOnboarding() {
    let gate = RootState(phase: .signIn, auth: .signedOut)
    let (state, effects) = step(rootReducer, from: gate, .signIn(event: .signedIn(needsOnboarding: true)))

    XCTAssertEqual(state, RootState(phase: .onboarding, auth: .signedIn(onboarded: false)))
    XCTAssertEqual(effects, [], "the gate, not the root, counts the sign-in")
  }

  func testSigningInAnOnboardedAccountEntersHome() {
    let gate = RootState(phase: .signIn, auth: .signedOut)

    XCTAssertEqual(step(rootReducer, from: gate, .signIn(event: .signedIn(needsOnboarding: false))).state.phase, .home)
  }

  func testASignInOutsideTheGateIsInert() {
    let home = RootState(phase: .home, auth: .signedIn(onboarded: true))

    XCTAssertEqual(step(rootReducer, from: home, .signIn(event: .signedIn(needsOnboarding: true))).state, home)
  }

  func testFinishingOnboardingEntersHome() {
    let onboarding = RootState(phase: .onboarding, auth: .signedIn(onboarded: false))

    XCTAssertEqual(
      step(rootReducer, from: onboarding, .onboarding(event: .finished)).state,
      RootState(phase: .home, auth: .signedIn(onboarded: true)))
  }

  func testAnUpgradeRequestPresentsTheFlowOnce() {
    let home = RootState(phase: .home, auth: .signedIn(onboarded: true))
    let presented = step(rootReducer, from: home, .home(event: .upgradeRequested)).state

    XCTAssertTrue(presented.isUpgradePresented)
    XCTAssertEqual(step(rootReducer, from: presented, .home(event: .upgradeRequested)).state, presented)
  }

  func testClosingTheUpgradeFlowDismissesIt() {
    let presented = RootState(phase: .home, auth: .signedIn(onboarded: true), isUpgradePresented: true)

    XCTAssertFalse(step(rootReducer, from: presented, .upgrade(event: .closed)).state.isUpgradePresented)
  }

  func testSigningOutReturnsToTheGateWithoutTracking() {
    let home = RootState(phase: .home, auth: .signedIn(onboarded: true), isUpgradePresented: true)
    let (state, effects) = step(rootReducer, from: home, .account(event: .signedOut))

    XCTAssertEqual(state, RootState(phase: .signIn, auth: .signedOut))
    XCTAssertEqual(effects, [], "the account screen, not the root, counts the sign-out")
  }

  func testARepeatedSignOutIsInert() {
    let gate = RootState(phase: .signIn, auth: .signedOut)

    XCTAssertEqual(step(rootReducer, from: gate, .account(event: .signedOut)).state, gate)
  }

  func testTheSplashActionWrapsTheDelegateEventInALabelledCase() throws {
    XCTAssertEqual(
      try canonical(RootAction.splash(event: .completed(path: .ceremony))),
      #"{"case":"splash","value":{"event":{"case":"completed","value":{"path":{"case":"ceremony"}}}}}"#)
  }
}
