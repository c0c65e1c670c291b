import DuetCore
import DuetScenario

/// The flow's behaviour: only a purchase the port answers `purchased` is counted, with its plan.
let upgradeScenario = Scenario(
  upgradeFeature,
  description: "The upgrade flow chooses a plan, confirms, and asks the purchases port. A purchased answer tracks "
    + "Upgrade Completed with the plan the port answered; a cancelled or failed purchase tracks nothing, and a "
    + "second confirm while one is in flight is inert."
) {
  Given(UpgradeState())

  Branch("select confirm purchase done") {
    When("the yearly plan is chosen", .planSelected(.yearly))
    Then("the confirm screen, yearly") { $0.step == .confirming && $0.plan == .yearly }
    When("the purchase is confirmed", .confirmTapped)
    Then("purchasing") { $0.isPurchasing }
    ThenEffects("the purchases port is asked, under the purchase's id") {
      $0 == [.run(.purchase(plan: .yearly), id: UpgradeEffectIDs.purchase)]
    }
    When("the purchases port answers purchased", .purchaseAnswered(.purchased(plan: .yearly)))
    Then("the done step; no entitlement anywhere in this state") { $0.step == .done && !$0.isPurchasing }
    ThenEffects("exactly the event with the plan: the stream carries the entitlement") {
      $0 == [.track(UpgradeEvents.completed(plan: .yearly))]
    }
    When("the flow is closed", .closeTapped)
    ThenEffects("the host is told") { $0 == [.run(.notifyListener(.closed))] }
  }

  Branch("monthly purchase") {
    When("the monthly plan is chosen", .planSelected(.monthly))
    When("the purchase is confirmed", .confirmTapped)
    When("the purchases port answers purchased", .purchaseAnswered(.purchased(plan: .monthly)))
    ThenEffects("the event names the monthly plan") { $0 == [.track(UpgradeEvents.completed(plan: .monthly))] }
  }

  Branch("cancelled purchase tracks nothing") {
    When("the yearly plan is chosen", .planSelected(.yearly))
    When("the purchase is confirmed", .confirmTapped)
    When("the store sheet is cancelled", .purchaseAnswered(.cancelled))
    Then("back on the confirm screen, nothing in flight") {
      $0.step == .confirming && !$0.isPurchasing && !$0.purchaseFailed
    }
    ThenEffects("nothing: no purchase, no event") { $0.isEmpty }
  }

  Branch("failed purchase tracks nothing") {
    When("the yearly plan is chosen", .planSelected(.yearly))
    When("the purchase is confirmed", .confirmTapped)
    When("the purchases port answers failed", .purchaseAnswered(.failed))
    Then("the failure is shown") { $0.purchaseFailed && !$0.isPurchasing }
    ThenEffects("nothing: a failed purchase is not an upgrade") { $0.isEmpty }
    When("the purchase is confirmed again", .confirmTapped)
    Then("purchasing, the failure cleared") { $0.isPurchasing && !$0.purchaseFailed }
    ThenEffects("the port is asked again") { $0 == [.run(.purchase(plan: .yearly), id: UpgradeEffectIDs.purchase)] }
    When("the purchases port answers failed again", .purchaseAnswered(.failed))
    When("another plan is chosen", .planSelected(.monthly))
    Then("the monthly plan, the failure cleared") { $0.plan == .monthly && !$0.purchaseFailed }
  }

  Branch("repeat confirm inert") {
    When("the yearly plan is chosen", .planSelected(.yearly))
    When("the purchase is confirmed", .confirmTapped)
    When("confirm is tapped again while purchasing", .confirmTapped)
    ThenEffects("nothing: one purchase at a time") { $0.isEmpty }
    When("close is tapped while purchasing", .closeTapped)
    ThenEffects("nothing: the purchase is not abandoned") { $0.isEmpty }
    When("the purchases port answers purchased", .purchaseAnswered(.purchased(plan: .yearly)))
    ThenEffects("the purchase is counted") { $0 == [.track(UpgradeEvents.completed(plan: .yearly))] }
    When("the same answer arrives again", .purchaseAnswered(.purchased(plan: .yearly)))
    ThenEffects("nothing: the purchase was counted once") { $0.isEmpty }
  }

  Branch("closed without buying") {
    When("the flow is closed from the plans", .closeTapped)
    Then("still choosing") { $0.step == .choosing }
    ThenEffects("the host is told, nothing counted") { $0 == [.run(.notifyListener(.closed))] }
  }
}
