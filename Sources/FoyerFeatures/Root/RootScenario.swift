import DuetCore
import DuetScenario

/// The root's behaviour: every path starts at launch, with the splash on screen and the session
/// unknown, and pins where the launch is counted once and where a completion tracks nothing.
let rootScenario = Scenario(
  rootFeature,
  description: "The root moves between the splash, the sign-in gate, onboarding and home from its children's "
    + "delegate events and the session port's answers. It counts the launch once, whichever splash completion "
    + "it acts on; a late or repeated completion writes nothing and tracks nothing."
) {
  Given(RootState())

  Branch("splash before auth holds") {
    When("the splash completes while auth is unknown", .splash(event: .completed(path: .ceremony)))
    Then("the latch is set, the phase stays") { $0.awaitingAuth && $0.phase == .splash }
    ThenEffects("the launch is counted, by the ceremony path") { $0 == launched(.ceremony) }
    When("the safety net completes it again while auth is still unknown", .splash(event: .completed(path: .safetyNet)))
    Then("nothing changed") { $0.awaitingAuth && $0.phase == .splash }
    ThenEffects("nothing: the launch was counted once") { $0.isEmpty }
    When("the session port reports a signed-out session", .sessionResolved(.signedOut))
    Then("the latch releases into the gate") { !$0.awaitingAuth && $0.phase == .signIn && $0.auth == .signedOut }
    ThenEffects("nothing: the launch is already counted") { $0.isEmpty }
  }

  Branch("auth before splash") {
    When("the session port reports a signed-out session", .sessionResolved(.signedOut))
    Then("the splash stays; the session is known") { $0.phase == .splash && $0.auth == .signedOut }
    When("the safety net completes the splash", .splash(event: .completed(path: .safetyNet)))
    Then("the gate is on screen") { $0.phase == .signIn && !$0.awaitingAuth }
    ThenEffects("the launch is counted, by the safety-net path") { $0 == launched(.safetyNet) }
    When("the ceremony completes late", .splash(event: .completed(path: .ceremony)))
    Then("still the gate") { $0.phase == .signIn }
    ThenEffects("nothing: a late completion tracks nothing") { $0.isEmpty }
  }

  Branch("new account onboards") {
    When("the session port reports a signed-out session", .sessionResolved(.signedOut))
    When("the ceremony completes the splash", .splash(event: .completed(path: .ceremony)))
    When("the gate signs in an account that needs onboarding", .signIn(event: .signedIn(needsOnboarding: true)))
    Then("onboarding is on screen") { $0.phase == .onboarding && $0.auth == .signedIn(onboarded: false) }
    ThenEffects("nothing: the gate counts the sign-in") { $0.isEmpty }
    When("onboarding finishes", .onboarding(event: .finished))
    Then("home is on screen, the account onboarded") { $0.phase == .home && $0.auth == .signedIn(onboarded: true) }
    ThenEffects("nothing: the flow counts its completion") { $0.isEmpty }
  }

  Branch("returning session goes home") {
    When("the session port reports an onboarded session", .sessionResolved(.signedIn(onboarded: true)))
    When("the ceremony completes the splash", .splash(event: .completed(path: .ceremony)))
    Then("home is on screen") { $0.phase == .home }
    ThenEffects("the launch is counted, by the ceremony path") { $0 == launched(.ceremony) }
    When("a sign-in arrives outside the gate", .signIn(event: .signedIn(needsOnboarding: true)))
    Then("still home") { $0.phase == .home && $0.auth == .signedIn(onboarded: true) }
    ThenEffects("nothing") { $0.isEmpty }
  }

  Branch("upgrade presented once") {
    When("the session port reports an onboarded session", .sessionResolved(.signedIn(onboarded: true)))
    When("the ceremony completes the splash", .splash(event: .completed(path: .ceremony)))
    When("home asks for the upgrade flow", .home(event: .upgradeRequested))
    Then("the flow is presented") { $0.isUpgradePresented }
    When("home asks again while it is presented", .home(event: .upgradeRequested))
    Then("still presented, once") { $0.isUpgradePresented }
    ThenEffects("nothing") { $0.isEmpty }
    When("the flow closes", .upgrade(event: .closed))
    Then("the flow is dismissed") { !$0.isUpgradePresented && $0.phase == .home }
  }

  Branch("sign out returns to the gate") {
    When("the session port reports an onboarded session", .sessionResolved(.signedIn(onboarded: true)))
    When("the ceremony completes the splash", .splash(event: .completed(path: .ceremony)))
    When("home asks for the upgrade flow", .home(event: .upgradeRequested))
    When("the account screen reports the sign-out", .account(event: .signedOut))
    Then("the gate is on screen, signed out, the flow dismissed") {
      $0.phase == .signIn && $0.auth == .signedOut && !$0.isUpgradePresented
    }
    ThenEffects("nothing: the account screen counts the sign-out") { $0.isEmpty }
    When("a second sign-out arrives", .account(event: .signedOut))
    Then("still the gate") { $0.phase == .signIn }
    ThenEffects("nothing") { $0.isEmpty }
  }

  Branch("session ends elsewhere") {
    When("the session port reports an onboarded session", .sessionResolved(.signedIn(onboarded: true)))
    When("the ceremony completes the splash", .splash(event: .completed(path: .ceremony)))
    When("home asks for the upgrade flow", .home(event: .upgradeRequested))
    When("the session port reports the session ended", .sessionResolved(.signedOut))
    Then("back to the gate, the flow dismissed") {
      $0.phase == .signIn && $0.auth == .signedOut && !$0.isUpgradePresented
    }
    ThenEffects("nothing: no one signed out here") { $0.isEmpty }
  }
}

/// The one effect a counted launch emits: the `Splash Completed` event, by `path`.
private func launched(_ path: SplashCompletionPath) -> [Effect<RootEffectPayload>] {
  [.track(RootEvents.splashCompleted(path: path))]
}
