import DuetCore
import DuetScenario

/// The flow's behaviour: the last continue counts how many interests were picked, then finishes;
/// a finished flow is inert.
let onboardingScenario = Scenario(
  onboardingFeature,
  description: "Onboarding walks a welcome, a choice of interests and a ready screen. The ready screen's "
    + "continue tracks Onboarding Completed with the number of interests picked (never which) before telling "
    + "the host; after that every action is inert."
) {
  Given(OnboardingState())

  When("the welcome continues", .continued)
  Then("the interests are on screen") { $0.step == .preferences }
  ThenEffects("nothing") { $0.isEmpty }

  Branch("picks and finishes") {
    When("travel is picked", .preferenceToggled(.travel))
    When("reading is picked", .preferenceToggled(.reading))
    Then("both picked, in their listed order") { $0.preferences == [.reading, .travel] }
    When("the interests continue", .continued)
    Then("the ready screen") { $0.step == .ready }
    When("the ready screen continues", .continued)
    Then("the flow is finished") { $0.isFinished }
    ThenEffects("the completion is counted with two picks, then the host is told") {
      $0 == finished(preferenceCount: 2)
    }
  }

  Branch("skips the picks") {
    When("the interests continue with none picked", .continued)
    When("back from the ready screen", .backTapped)
    Then("the interests again") { $0.step == .preferences }
    When("the interests continue again", .continued)
    When("the ready screen continues", .continued)
    ThenEffects("the completion is counted with no picks, then the host is told") {
      $0 == finished(preferenceCount: 0)
    }
  }

  Branch("changes its mind") {
    When("music is picked", .preferenceToggled(.music))
    When("music is unpicked", .preferenceToggled(.music))
    Then("nothing picked") { $0.preferences.isEmpty }
    When("back to the welcome", .backTapped)
    Then("the welcome") { $0.step == .welcome }
    When("cooking is tapped on the welcome", .preferenceToggled(.cooking))
    Then("nothing picked: the interests are not on screen") { $0.preferences.isEmpty }
    ThenEffects("nothing") { $0.isEmpty }
  }

  Branch("finished flow inert") {
    When("the interests continue", .continued)
    When("the ready screen continues", .continued)
    When("the ready screen continues again", .continued)
    Then("still finished") { $0.isFinished && $0.step == .ready }
    ThenEffects("nothing: the completion was counted once") { $0.isEmpty }
    When("back is tapped after finishing", .backTapped)
    Then("still the ready screen") { $0.step == .ready }
    ThenEffects("nothing") { $0.isEmpty }
  }
}

/// What the last continue emits: the completion event, then the delegate event.
private func finished(preferenceCount: Int) -> [Effect<OnboardingEffectPayload>] {
  [.track(OnboardingEvents.completed(preferenceCount: preferenceCount)), .run(.notifyListener(.finished))]
}
