import DuetCore

// The splash: play the ceremony, then hand control to the host, with a safety net in case the
// animation never reports its end. One state field, three actions, two effect payloads.

/// The splash's timing, carried out in the effect payload so the recordings pin it.
enum SplashConfig {
  /// How long the safety net waits before completing the splash on the ceremony's behalf.
  static let safetyNetMillis: Int64 = 3_000
}

/// The ids the splash's effects run under.
enum SplashEffectIDs {
  /// One net in flight per store: a second run under this id cancels the first.
  static let safetyNet: EffectID = "splash.safetyNet"
}

// MARK: - State

/// Everything the splash knows: whether the safety net was armed during this mount.
struct SplashState: Equatable, Codable, Sendable {
  /// The arming latch: the net is armed once per mount.
  var isArmed = false
}

// MARK: - Actions

/// What can happen to the splash: two reports from the shell, one from the clock.
enum SplashAction: Equatable, Sendable, CanonicalSumCodable {
  /// Shell report: the splash is on screen and the safety net should arm.
  case appeared
  /// Shell report: the animation reached its end.
  case ceremonyFinished
  /// Clock report: the armed delay elapsed.
  case safetyNetElapsed
}

/// Which of the two paths completed the splash.
enum SplashCompletionPath: Equatable, Sendable, CanonicalSumCodable {
  case ceremony
  case safetyNet
}

/// What the splash tells its host; the host decides what happens next.
enum SplashDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  case completed(path: SplashCompletionPath)
}

// MARK: - Reducer

/// Arms the net once per mount, and notifies the host on every completion path.
///
/// There is deliberately no completion latch: the host treats a repeat as a no-op, and a latch
/// here would hide the bug the safety net exists to catch.
func splashReducer(state: inout SplashState, action: SplashAction) -> [Effect<SplashEffectPayload>] {
  switch action {
  case .appeared:
    // The arming guard: a repeat `appeared` writes nothing and emits nothing.
    guard !state.isArmed else { return [] }
    state.isArmed = true
    return [.run(.armSafetyNet(afterMillis: SplashConfig.safetyNetMillis), id: SplashEffectIDs.safetyNet)]

  case .ceremonyFinished:
    return [.run(.notifyListener(.completed(path: .ceremony)))]

  case .safetyNetElapsed:
    return [.run(.notifyListener(.completed(path: .safetyNet)))]
  }
}

// MARK: - Effects

/// What the splash asks the outside world to do, as data.
enum SplashEffectPayload: Equatable, Sendable, CanonicalSumCodable {
  /// Wait `afterMillis` on the environment's clock, then report `safetyNetElapsed`.
  case armSafetyNet(afterMillis: Int64)
  /// Hand a delegate event to the host.
  case notifyListener(SplashDelegateEvent)
}
