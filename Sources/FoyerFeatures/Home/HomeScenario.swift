import DuetCore
import DuetScenario

/// The home screen's behaviour: the list loads once at a time, a locked card opens the offer and
/// counts the view, an unlocked one opens insights and counts nothing.
let homeScenario = Scenario(
  homeFeature,
  description: "Home loads the items from the items port and shows an insights card. On a free account the card "
    + "opens the upgrade offer and tracks Promo Viewed; accepting the offer tells the host. A premium card opens "
    + "the insights and tracks nothing; tapping while a sheet is open is inert."
) {
  Given(HomeState())

  Branch("loads items") {
    When("the screen appears", .appeared)
    Then("loading") { $0.isLoading }
    ThenEffects("the items port is asked, under the load's id") { $0 == [.run(.loadItems, id: HomeEffectIDs.items)] }
    When("the screen appears again while loading", .appeared)
    ThenEffects("nothing: one load at a time") { $0.isEmpty }
    When(
      "the items port answers",
      .itemsLoaded([HomeItem(id: "item-1", title: "Groceries"), HomeItem(id: "item-2", title: "Plants")]))
    Then("the list is filled") { !$0.isLoading && $0.items.count == 2 }
  }

  Branch("locked card opens the offer") {
    When("the locked insights card is tapped", .insightsTapped)
    Then("the offer is presented") { $0.presented == .promo }
    ThenEffects("the view is counted") { $0 == [.track(HomeEvents.promoViewed)] }
    When("the card is tapped again while the offer is open", .insightsTapped)
    ThenEffects("nothing: the offer is already on screen") { $0.isEmpty }
    When("the offer is accepted", .upgradeTapped)
    Then("the offer closes") { $0.presented == nil }
    ThenEffects("the host is asked for the upgrade flow") { $0 == [.run(.notifyListener(.upgradeRequested))] }
  }

  Branch("offer dismissed") {
    When("the locked insights card is tapped", .insightsTapped)
    When("the offer is dismissed", .dismissed)
    Then("nothing presented") { $0.presented == nil }
    ThenEffects("nothing") { $0.isEmpty }
    When("the upgrade button fires after the offer closed", .upgradeTapped)
    ThenEffects("nothing: no offer, no request") { $0.isEmpty }
  }

  Branch("premium opens insights") {
    When("the entitlement stream reports premium", .entitlementChanged(.premium))
    When("the insights card is tapped", .insightsTapped)
    Then("the insights are presented") { $0.presented == .insights }
    ThenEffects("nothing: an unlocked card is not the offer") { $0.isEmpty }
  }

  Branch("becoming premium closes the offer") {
    When("the locked insights card is tapped", .insightsTapped)
    When("the entitlement stream reports premium", .entitlementChanged(.premium))
    Then("premium, and the offer closed") { $0.entitlement == .premium && $0.presented == nil }
    ThenEffects("nothing") { $0.isEmpty }
  }
}
