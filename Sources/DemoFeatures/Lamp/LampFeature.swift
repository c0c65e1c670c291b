import DuetCore
import DuetScenario

/// The effect id of the lamp's off timer.
public enum LampEffectIDs {
  /// `lamp.off`, as the Kotlin core records it.
  public static let off: EffectID = "lamp.off"
}

/// A dimmable lamp.
public struct LampState: Equatable, Codable, Sendable {
  /// 0…100, set by `dim`.
  public var brightness: Int
  /// Whether the lamp is lit.
  public var on: Bool

  /// A lamp, off and undimmed by default (the recordings' initial state).
  public init(brightness: Int = 0, on: Bool = false) {
    self.brightness = brightness
    self.on = on
  }
}

/// What can happen to the lamp; `dim` carries one unlabelled payload (`{"case":"dim","value":30}`).
public enum LampAction: Equatable, Sendable, CanonicalSumCodable {
  case toggle
  case dim(Int)
  case scheduleOff
}

/// What the lamp asks the outside world to do.
public enum LampEffect: Equatable, Sendable, CanonicalSumCodable {
  /// Wait, then switch the lamp off; runs under ``LampEffectIDs/off``.
  case offTimer
}

/// The lamp's pure reducer, matching what Duet's Kotlin core records for its lamp.
public func lampReducer(_ state: inout LampState, _ action: LampAction) -> [Effect<LampEffect>] {
  switch action {
  case .toggle:
    state.on.toggle()
    return []
  case .dim(let brightness):
    state.brightness = brightness
    return []
  case .scheduleOff:
    return [.run(.offTimer, id: LampEffectIDs.off)]
  }
}

/// The lamp as a named feature, shared by its scenario and its registry entry.
public let lamp = Feature("lamp", reducer: lampReducer)
