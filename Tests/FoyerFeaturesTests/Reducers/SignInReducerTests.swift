import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class SignInReducerTests: XCTestCase {
  private let typed = SignInState(email: "ada@example.com")

  func testSubmittingAnAddressAsksTheAuthPort() {
    let (state, effects) = step(signInReducer, from: typed, .emailSubmitted)

    XCTAssertEqual(state.pending, .email)
    XCTAssertEqual(effects, [.run(.authenticate(.email(address: "ada@example.com")), id: "signin.auth")])
  }

  func testSubmittingTrimsTheAddress() {
    let (_, effects) = step(signInReducer, from: SignInState(email: "  ada@example.com "), .emailSubmitted)

    XCTAssertEqual(effects, [.run(.authenticate(.email(address: "ada@example.com")), id: "signin.auth")])
  }

  func testAnImplausibleAddressIsRefusedWithoutAskingThePort() {
    for address in ["", "ada", "@example.com", "ada@", "a@b@c"] {
      let (state, effects) = step(signInReducer, from: SignInState(email: address), .emailSubmitted)
      XCTAssertEqual(state.failure, .invalidAddress, "'\(address)'")
      XCTAssertNil(state.pending, "'\(address)'")
      XCTAssertEqual(effects, [], "'\(address)'")
    }
  }

  func testTheGuestButtonAsksTheAuthPortForAGuestSession() {
    let (state, effects) = step(signInReducer, from: SignInState(), .guestTapped)

    XCTAssertEqual(state.pending, .guest)
    XCTAssertEqual(effects, [.run(.authenticate(.guest), id: "signin.auth")])
  }

  func testASecondAttemptWhileOneIsPendingIsInert() {
    let pending = SignInState(email: "ada@example.com", pending: .email)

    XCTAssertEqual(step(signInReducer, from: pending, .guestTapped).effects, [])
    XCTAssertEqual(step(signInReducer, from: pending, .emailSubmitted).effects, [])
    XCTAssertEqual(step(signInReducer, from: pending, .emailChanged("bob@example.com")).state, pending)
  }

  func testSignedInTracksTheProviderKindThenTellsTheHost() throws {
    let pending = SignInState(email: "ada@example.com", pending: .email)
    let (state, effects) = step(signInReducer, from: pending, .authAnswered(.signedIn(needsOnboarding: true)))

    XCTAssertNil(state.pending)
    XCTAssertEqual(
      effects,
      [
        .track(TrackedEvent(subject: "Session", verb: "Signed In", params: [.string(key: "provider", value: "email")])),
        .run(.notifyListener(.signedIn(needsOnboarding: true))),
      ])
  }

  func testTheSignInEventNeverCarriesTheAddress() throws {
    let pending = SignInState(email: "ada@example.com", pending: .email)
    let (_, effects) = step(signInReducer, from: pending, .authAnswered(.signedIn(needsOnboarding: false)))

    let events = try trackedEvents(effects)
    XCTAssertEqual(events.first?.encodedPrimitives(), ["provider": .string("email")])
    XCTAssertFalse(try canonical(events).contains("ada@"))
  }

  func testAGuestSignInTracksTheGuestProvider() throws {
    let (_, effects) = step(
      signInReducer, from: SignInState(pending: .guest), .authAnswered(.signedIn(needsOnboarding: false)))

    XCTAssertEqual(try trackedEvents(effects).first?.encodedPrimitives(), ["provider": .string("guest")])
  }

  func testARefusedSignInTracksNothing() {
    let pending = SignInState(email: "ada@example.com", pending: .email)
    let (state, effects) = step(signInReducer, from: pending, .authAnswered(.refused))

    XCTAssertEqual(state, SignInState(email: "ada@example.com", pending: nil, failure: .refused))
    XCTAssertEqual(effects, [])
  }

  func testAnAnswerWithNothingPendingIsInert() {
    let idle = SignInState(email: "ada@example.com")

    XCTAssertEqual(step(signInReducer, from: idle, .authAnswered(.signedIn(needsOnboarding: false))).effects, [])
    XCTAssertEqual(step(signInReducer, from: idle, .authAnswered(.signedIn(needsOnboarding: false))).state, idle)
  }

  func testEditingTheAddressClearsTheFailure() {
    let refused = SignInState(email: "ada@example.com", failure: .refused)

    XCTAssertEqual(
      step(signInReducer, from: refused, .emailChanged("ada@example.org")).state, SignInState(email: "ada@example.org"))
  }

  func testTheMintedVerbRendersAsAuthored() {
    XCTAssertEqual(SignInEvents.signedIn(provider: .guest).encodedName(), "Session Signed In")
    XCTAssertFalse(TrackedVerb.signedIn.isStarter)
  }
}
