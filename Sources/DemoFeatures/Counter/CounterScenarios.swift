import DuetCore
import DuetScenario

/// The counter's whole behaviour in one straight line: state changes, the guarded tick, the
/// ticker effect under its id, and its explicit cancel.
public let counterScenario = Scenario(
  "counter", feature: counter,
  description:
    "Counting by hand and by ticker: a tick only counts while auto-incrementing, and the ticker starts and stops with the switch."
) {
  Given(CounterState())
  When("increment", .increment)
  Then("the count is one") { $0.count == 1 }
  When("increment again", .increment)
  When("decrement", .decrement)
  When("a stray tick while auto-increment is off must not count", .tick)
  Then("the stray tick left the count alone") { $0.count == 1 }
  When("toggling auto-increment on starts the ticker", .toggleAutoIncrement)
  ThenEffects("the ticker starts under its id") { $0 == [.run(.startTicker, id: CounterEffectIDs.ticker)] }
  When("a tick counts while auto-incrementing", .tick)
  When("a second tick counts", .tick)
  Then("both ticks counted") { $0.count == 3 }
  When("toggling auto-increment off cancels the ticker", .toggleAutoIncrement)
  ThenEffects("the ticker is cancelled by its id") { $0 == [.cancel(id: CounterEffectIDs.ticker)] }
  When("a tick after cancellation must not count", .tick)
  Then("the late tick left the count alone") { $0 == CounterState(count: 3, isAutoIncrementing: false) }
}

/// One shared step, two endings: the Branch expansion in its smallest form.
public let counterEndingsScenario = Scenario(
  "counter-endings", feature: counter,
  description: "One increment shared by two endings; each ending is its own recording."
) {
  Given(CounterState())
  When("increment", .increment)
  Branch("keeps counting") {
    When("increment again", .increment)
    Then("the count is two") { $0.count == 2 }
  }
  Branch("changes its mind") {
    When("decrement", .decrement)
    Then("the count is back to zero") { $0.count == 0 }
  }
}
