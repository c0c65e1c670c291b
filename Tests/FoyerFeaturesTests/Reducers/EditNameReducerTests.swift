import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class EditNameReducerTests: XCTestCase {
  private let saving = EditNameState(draft: "Ada", isSaving: true)

  func testSavingAsksTheAccountPortForTheTrimmedName() {
    let (state, effects) = step(editNameReducer, from: EditNameState(draft: " Ada  "), .saveTapped)

    XCTAssertEqual(state, EditNameState(draft: "Ada", isSaving: true))
    XCTAssertEqual(effects, [.run(.saveName(name: "Ada"), id: "editname.save")])
  }

  func testAnEmptyNameTracksNothing() {
    for draft in ["", "   "] {
      let (state, effects) = step(editNameReducer, from: EditNameState(draft: draft), .saveTapped)
      XCTAssertEqual(state.failure, .empty, "'\(draft)'")
      XCTAssertFalse(state.isSaving, "'\(draft)'")
      XCTAssertEqual(effects, [], "'\(draft)'")
    }
  }

  func testAConfirmedSaveTracksTheEditThenHandsTheNameToTheHost() throws {
    let (state, effects) = step(editNameReducer, from: saving, .saveAnswered(.saved))

    XCTAssertFalse(state.isSaving)
    XCTAssertEqual(effects, [.track(EditNameEvents.nameEdited), .run(.notifyListener(.saved(name: "Ada")))])
    XCTAssertEqual(try trackedNames(effects), ["Name Edited"])
  }

  func testTheEditEventCarriesNoParameter() throws {
    let (_, effects) = step(editNameReducer, from: saving, .saveAnswered(.saved))

    XCTAssertEqual(try trackedEvents(effects).first?.params, [])
  }

  func testAFailedSaveTracksNothingAndSaysSo() {
    let (state, effects) = step(editNameReducer, from: saving, .saveAnswered(.failed))

    XCTAssertEqual(state, EditNameState(draft: "Ada", isSaving: false, failure: .saveFailed))
    XCTAssertEqual(effects, [])
  }

  func testEditsWhileSavingAreInert() {
    XCTAssertEqual(step(editNameReducer, from: saving, .draftChanged("Bob")).state, saving)
    XCTAssertEqual(step(editNameReducer, from: saving, .saveTapped).effects, [])
    XCTAssertEqual(step(editNameReducer, from: saving, .cancelTapped).effects, [])
  }

  func testAnAnswerWithNothingInFlightIsInert() {
    XCTAssertEqual(step(editNameReducer, from: EditNameState(draft: "Ada"), .saveAnswered(.saved)).effects, [])
  }

  func testCancellingTellsTheHost() {
    XCTAssertEqual(
      step(editNameReducer, from: EditNameState(draft: "Ada"), .cancelTapped).effects,
      [.run(.notifyListener(.cancelled))])
  }

  func testTypingClearsTheFailure() {
    XCTAssertEqual(
      step(editNameReducer, from: EditNameState(failure: .empty), .draftChanged("A")).state, EditNameState(draft: "A"))
  }
}
