import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

final class HomeReducerTests: XCTestCase {
  private let items = [HomeItem(id: "item-1", title: "Groceries")]

  func testAppearingAsksTheItemsPort() {
    let (state, effects) = step(homeReducer, from: HomeState(), .appeared)

    XCTAssertTrue(state.isLoading)
    XCTAssertEqual(effects, [.run(.loadItems, id: "home.items")])
  }

  func testAppearingWhileLoadingIsInert() {
    let loading = HomeState(isLoading: true)

    XCTAssertEqual(step(homeReducer, from: loading, .appeared).effects, [])
  }

  func testTheItemsPortsAnswerFillsTheList() {
    let (state, effects) = step(homeReducer, from: HomeState(isLoading: true), .itemsLoaded(items))

    XCTAssertEqual(state, HomeState(items: items, isLoading: false))
    XCTAssertEqual(effects, [])
  }

  func testALockedCardOpensTheOfferAndTracksTheView() throws {
    let (state, effects) = step(homeReducer, from: HomeState(), .insightsTapped)

    XCTAssertEqual(state.presented, .promo)
    XCTAssertEqual(effects, [.track(TrackedEvent(subject: "Promo", verb: .viewed))])
    XCTAssertEqual(try trackedNames(effects), ["Promo Viewed"])
  }

  func testAnUnlockedCardOpensInsightsAndTracksNothing() {
    let (state, effects) = step(homeReducer, from: HomeState(entitlement: .premium), .insightsTapped)

    XCTAssertEqual(state.presented, .insights)
    XCTAssertEqual(effects, [])
  }

  func testTappingTheCardWhileTheOfferIsOpenTracksNothing() {
    let offered = HomeState(presented: .promo)

    XCTAssertEqual(step(homeReducer, from: offered, .insightsTapped).effects, [])
  }

  func testAcceptingTheOfferClosesItAndTellsTheHost() {
    let (state, effects) = step(homeReducer, from: HomeState(presented: .promo), .upgradeTapped)

    XCTAssertNil(state.presented)
    XCTAssertEqual(effects, [.run(.notifyListener(.upgradeRequested))])
  }

  func testTheUpgradeButtonWithoutTheOfferIsInert() {
    XCTAssertEqual(step(homeReducer, from: HomeState(), .upgradeTapped).effects, [])
  }

  func testBecomingPremiumClosesTheOffer() {
    let (state, _) = step(homeReducer, from: HomeState(presented: .promo), .entitlementChanged(.premium))

    XCTAssertEqual(state, HomeState(entitlement: .premium, presented: nil))
  }

  func testDismissingClosesWhateverIsPresented() {
    XCTAssertNil(step(homeReducer, from: HomeState(presented: .insights), .dismissed).state.presented)
  }
}
