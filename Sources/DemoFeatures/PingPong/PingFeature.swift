import DuetCore
import DuetScenario

/// How many times ping has fired.
public struct PingState: Equatable, Codable, Sendable {
  /// Fires so far.
  public var sent: Int

  /// Ping before its first fire by default.
  public init(sent: Int = 0) {
    self.sent = sent
  }
}

/// The one thing ping does.
public enum PingAction: Equatable, Sendable, CanonicalSumCodable {
  case fire
}

/// Ping's delegate event: what climbs to its parent through a `notifyListener` effect.
public struct PingFired: Equatable, Codable, Sendable {
  /// The fire count this event reports.
  public var count: Int

  /// The event for the `count`-th fire.
  public init(count: Int) {
    self.count = count
  }
}

/// What ping asks the outside world to do: tell its listener it fired.
public enum PingEffect: Equatable, Sendable, CanonicalSumCodable {
  case notifyListener(PingFired)
}

/// Ping's pure reducer: each fire counts and notifies the listener with the new count.
public func pingReducer(_ state: inout PingState, _ action: PingAction) -> [Effect<PingEffect>] {
  switch action {
  case .fire:
    state.sent &+= 1
    return [.run(.notifyListener(PingFired(count: state.sent)))]
  }
}

/// Ping as a named feature.
public let ping = Feature("ping", reducer: pingReducer)
