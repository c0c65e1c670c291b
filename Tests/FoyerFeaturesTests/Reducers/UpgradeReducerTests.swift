import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class UpgradeReducerTests: XCTestCase {
  private let confirming = UpgradeState(step: .confirming, plan: .yearly)
  private let purchasing = UpgradeState(step: .confirming, plan: .yearly, isPurchasing: true)

  func testChoosingAPlanMovesToConfirm() {
    XCTAssertEqual(
      step(upgradeReducer, from: UpgradeState(), .planSelected(.monthly)).state,
      UpgradeState(step: .confirming, plan: .monthly))
  }

  func testConfirmingAsksThePurchasesPortForThePlan() {
    let (state, effects) = step(upgradeReducer, from: confirming, .confirmTapped)

    XCTAssertTrue(state.isPurchasing)
    XCTAssertEqual(effects, [.run(.purchase(plan: .yearly), id: "upgrade.purchase")])
  }

  func testConfirmingWithoutAPlanIsInert() {
    XCTAssertEqual(step(upgradeReducer, from: UpgradeState(), .confirmTapped).effects, [])
  }

  func testConfirmingTwiceWhilePurchasingIsInert() {
    XCTAssertEqual(step(upgradeReducer, from: purchasing, .confirmTapped).effects, [])
  }

  func testAPurchaseThePortAnswersTracksThePlan() throws {
    let (state, effects) = step(upgradeReducer, from: purchasing, .purchaseAnswered(.purchased(plan: .yearly)))

    XCTAssertEqual(state, UpgradeState(step: .done, plan: .yearly, isPurchasing: false))
    XCTAssertEqual(try trackedNames(effects), ["Upgrade Completed"])
    XCTAssertEqual(try trackedEvents(effects).first?.encodedPrimitives(), ["plan": .string("yearly")])
  }

  func testTheEventNamesThePlanThePortAnswered() throws {
    let (_, effects) = step(upgradeReducer, from: purchasing, .purchaseAnswered(.purchased(plan: .monthly)))

    XCTAssertEqual(effects, [.track(UpgradeEvents.completed(plan: .monthly))])
  }

  func testACancelledPurchaseTracksNothing() {
    let (state, effects) = step(upgradeReducer, from: purchasing, .purchaseAnswered(.cancelled))

    XCTAssertEqual(state, confirming)
    XCTAssertEqual(effects, [])
  }

  func testAFailedPurchaseTracksNothingAndSaysSo() {
    let (state, effects) = step(upgradeReducer, from: purchasing, .purchaseAnswered(.failed))

    XCTAssertEqual(state, UpgradeState(step: .confirming, plan: .yearly, purchaseFailed: true))
    XCTAssertEqual(effects, [])
  }

  func testAnAnswerWithNothingInFlightIsInert() {
    XCTAssertEqual(step(upgradeReducer, from: confirming, .purchaseAnswered(.purchased(plan: .yearly))).effects, [])
  }

  func testClosingTellsTheHost() {
    XCTAssertEqual(step(upgradeReducer, from: confirming, .closeTapped).effects, [.run(.notifyListener(.closed))])
  }

  func testClosingWhilePurchasingIsInert() {
    XCTAssertEqual(step(upgradeReducer, from: purchasing, .closeTapped).effects, [])
  }
}
