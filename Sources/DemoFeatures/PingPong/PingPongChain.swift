import DuetCore
import DuetScenario

/// Ping as a chain node: starts at zero and sends ``PingFired`` up.
public let pingNode = ChainNode(ping, initialState: PingState(), delegate: PingFired.self)

/// Pong as a chain node: the parent that hears ping.
public let pongNode = ChainNode(pong, initialState: PongState())

/// The seam between ping and pong: ping's delegate event crosses the Hop as pong's action.
public let pingPongChain = ChainScenario(
  "ping-pong",
  description: "Ping fires, its delegate event climbs the seam as pong's pingFired action, and ping fires again."
) {
  When(pingNode, "fire emits the fired delegate", .fire)
  ThenEffects(pingNode, "the fired delegate carries the count") { $0 == [.run(.notifyListener(PingFired(count: 1)))] }
  Hop("the ping→pong seam", from: pingNode, to: pongNode) { fired in .pingFired(count: fired.count) }
  Then(pongNode, "pong heard the first fire") { $0.received == 1 }
  When(pingNode, "a second fire on the same chain", .fire)
  Then(pingNode, "ping has fired twice") { $0.sent == 2 }
}
