import DuetCore

/// How many times ping has fired.
public struct PingState: Equatable, Codable, Sendable {
  public var sent: Int

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
  public var count: Int

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
    state.sent += 1
    return [.run(.notifyListener(PingFired(count: state.sent)))]
  }
}
