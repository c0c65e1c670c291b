import DuetCore
import DuetScenario

/// The lamp, switched on, then either dimmed or put on a timer: the same two recordings Duet's
/// Kotlin core writes, so a Kotlin-recorded lamp fixture replays through this Swift runner.
public let lampScenario = Scenario(
  "lamp", feature: lamp, description: "A lamp switched on, then dimmed for the evening or put on an off timer."
) {
  Given(LampState())
  When("turn on", .toggle)
  Then("the lamp is on") { $0.on }
  Branch("dimmed evening") {
    When("dim to 30", .dim(30))
    Then("the brightness is 30") { $0.brightness == 30 }
  }
  Branch("timed off") {
    When("schedule off", .scheduleOff)
    ThenEffects("the off timer runs under its id") { $0 == [.run(.offTimer, id: LampEffectIDs.off)] }
  }
}
