import DuetReplay

/// Every demo feature, served by `demo-runner`: the counter, the lamp, ping and pong, with their
/// scenarios and the ping-pong chain.
///
/// They are Duet-shaped on purpose: their recordings match Duet's own Swift and Kotlin
/// recordings, so the verifier's end-to-end tests can replay Duet fixtures through our runner.
public let demoRegistry = ReplayRegistry(
  [
    ReplayFeature.entry(counter, scenarios: [counterScenario, counterEndingsScenario]),
    ReplayFeature.entry(lamp, scenarios: [lampScenario]),
    ReplayFeature.entry(ping),
    ReplayFeature.entry(pong),
  ],
  chains: [pingPongChain])
