import DuetReplay

/// Every demo feature, served by `demo-runner`: the counter, the lamp, ping and pong.
///
/// They are Duet-shaped on purpose: their recordings match Duet's own Swift and Kotlin
/// recordings, so the verifier's end-to-end tests can replay Duet fixtures through our runner.
public let demoRegistry = ReplayRegistry([
  ReplayFeature.entry("counter", CounterState.self, CounterAction.self) { state, action in
    counterReducer(&state, action)
  },
  ReplayFeature.entry("lamp", LampState.self, LampAction.self) { state, action in lampReducer(&state, action) },
  ReplayFeature.entry("ping", PingState.self, PingAction.self) { state, action in pingReducer(&state, action) },
  ReplayFeature.entry("pong", PongState.self, PongAction.self) { state, action in pongReducer(&state, action) },
])
