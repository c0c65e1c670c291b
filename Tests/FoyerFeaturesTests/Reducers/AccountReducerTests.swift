import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class AccountReducerTests: XCTestCase {
  private let shown = AccountState(displayName: "Ada")
  private let signingOut = AccountState(displayName: "Ada", isSigningOut: true)

  func testSigningOutAsksTheAuthPort() {
    let (state, effects) = step(accountReducer, from: shown, .signOutTapped)

    XCTAssertTrue(state.isSigningOut)
    XCTAssertEqual(effects, [.run(.signOut, id: "account.signOut")])
  }

  func testSigningOutTwiceWhileInFlightIsInert() {
    XCTAssertEqual(step(accountReducer, from: signingOut, .signOutTapped).effects, [])
  }

  func testAConfirmedSignOutTracksThenTellsTheHost() throws {
    let (state, effects) = step(accountReducer, from: signingOut, .signOutAnswered(.signedOut))

    XCTAssertEqual(state, shown)
    XCTAssertEqual(effects, [.track(AccountEvents.signedOut), .run(.notifyListener(.signedOut))])
    XCTAssertEqual(try trackedNames(effects), ["Session Signed Out"])
  }

  func testAFailedSignOutTracksNothingAndSaysSo() {
    let (state, effects) = step(accountReducer, from: signingOut, .signOutAnswered(.failed))

    XCTAssertEqual(state, AccountState(displayName: "Ada", signOutFailed: true))
    XCTAssertEqual(effects, [])
  }

  func testAnAnswerWithNothingInFlightIsInert() {
    XCTAssertEqual(step(accountReducer, from: shown, .signOutAnswered(.signedOut)).effects, [])
  }

  func testTheEditorOpensOnce() {
    let editing = step(accountReducer, from: shown, .editNameTapped).state

    XCTAssertTrue(editing.isEditingName)
    XCTAssertEqual(step(accountReducer, from: editing, .editNameTapped).state, editing)
  }

  func testASavedNameReplacesTheShownOneAndClosesTheEditor() {
    let editing = AccountState(displayName: "Ada", isEditingName: true)
    let (state, effects) = step(accountReducer, from: editing, .editName(event: .saved(name: "Ada Lovelace")))

    XCTAssertEqual(state, AccountState(displayName: "Ada Lovelace"))
    XCTAssertEqual(effects, [], "the editor, not the account screen, counts the edit")
  }

  func testCancellingTheEditorKeepsTheName() {
    let editing = AccountState(displayName: "Ada", isEditingName: true)

    XCTAssertEqual(step(accountReducer, from: editing, .editName(event: .cancelled)).state, shown)
  }

  func testAnEditorEventWithNoEditorIsInert() {
    XCTAssertEqual(step(accountReducer, from: shown, .editName(event: .saved(name: "Bob"))).state, shown)
  }
}
