import DuetCore
import DuetScenario

/// The splash's behaviour, compiled into its four recordings: one given (a fresh splash that
/// appeared), four endings.
let splashScenario = Scenario(
  splashFeature,
  description: "The splash arms a safety net when it appears and completes by whichever path gets there first: "
    + "the animation ending, or the net firing. Both paths notify the host every time; a repeat appeared is inert."
) {
  Given(SplashState())

  When("the splash appears", .appeared)
  Then("the safety net is armed") { $0.isArmed }
  ThenEffects("exactly the keyed safety net, carrying its duration") {
    $0 == [.run(.armSafetyNet(afterMillis: SplashConfig.safetyNetMillis), id: SplashEffectIDs.safetyNet)]
  }

  Branch("ceremony completes") {
    When("the animation reaches its end", .ceremonyFinished)
    Then("the arming latch is untouched") { $0.isArmed }
    ThenEffects("the host is notified, by the ceremony path") { $0 == notified(.ceremony) }
  }

  Branch("safety net fires") {
    When("the armed delay elapses instead", .safetyNetElapsed)
    Then("the arming latch is untouched") { $0.isArmed }
    ThenEffects("the host is notified, by the safety-net path") { $0 == notified(.safetyNet) }
  }

  Branch("both paths notify twice") {
    When("the animation reaches its end", .ceremonyFinished)
    ThenEffects("the host is notified, by the ceremony path") { $0 == notified(.ceremony) }
    When("the armed delay elapses on top of it", .safetyNetElapsed)
    ThenEffects("the host is notified again, by the safety-net path") { $0 == notified(.safetyNet) }
  }

  Branch("repeat appear inert") {
    When("the splash reports appearing a second time", .appeared)
    Then("still armed, unchanged") { $0.isArmed }
    ThenEffects("nothing: the net is not re-armed") { $0.isEmpty }
  }
}

/// The one effect a completion branch expects: the host told, by `path`.
private func notified(_ path: SplashCompletionPath) -> [Effect<SplashEffectPayload>] {
  [.run(.notifyListener(.completed(path: path)))]
}
