import DuetCore
import DuetScenario

/// The last count pong heard from ping.
public struct PongState: Equatable, Codable, Sendable {
  /// The count of the last ping heard.
  public var received: Int

  /// Pong before it heard anything by default.
  public init(received: Int = 0) {
    self.received = received
  }
}

/// What pong hears: ping's fired event, carried up by the chain's hop.
public enum PongAction: Equatable, Sendable, CanonicalSumCodable {
  case pingFired(count: Int)
}

/// Pong's pure reducer: remembers the count. It emits nothing, so its payload type is `Never`.
public func pongReducer(_ state: inout PongState, _ action: PongAction) -> [Effect<Never>] {
  switch action {
  case .pingFired(let count):
    state.received = count
    return []
  }
}

/// Pong as a named feature.
public let pong = Feature("pong", reducer: pongReducer)
