import DuetCore
import DuetTelemetry

// Onboarding: a welcome, a choice of interests, and a ready screen whose continue finishes the
// flow. The completion event counts the interests picked, never which ones.

// MARK: - State

/// Where the flow is and what was picked.
struct OnboardingState: Equatable, Codable, Sendable {
  var step: OnboardingStep = .welcome
  /// The interests picked, in the order `Preference.allCases` lists them.
  var preferences: [Preference] = []
  /// The last step continued: the flow is over, and every further action is inert.
  var isFinished = false
}

/// The flow's three screens, in order.
enum OnboardingStep: Equatable, Sendable, CanonicalSumCodable {
  case welcome
  case preferences
  case ready
}

/// The interests a user can pick on the preferences screen.
enum Preference: Equatable, Sendable, CaseIterable, CanonicalSumCodable {
  case reading
  case cooking
  case travel
  case music
}

// MARK: - Actions

/// The flow's buttons.
enum OnboardingAction: Equatable, Sendable, CanonicalSumCodable {
  case continued
  case backTapped
  case preferenceToggled(Preference)
}

/// What the flow tells its host.
enum OnboardingDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  case finished
}

// MARK: - Reducer

/// Walks the three screens; the ready screen's continue tracks the completion, then tells the host.
func onboardingReducer(state: inout OnboardingState, action: OnboardingAction) -> [Effect<OnboardingEffectPayload>] {
  guard !state.isFinished else { return [] }
  switch action {
  case .continued:
    switch state.step {
    case .welcome:
      state.step = .preferences
      return []
    case .preferences:
      state.step = .ready
      return []
    case .ready:
      state.isFinished = true
      // The event first: the delegate below lets the root tear this flow down.
      return [
        .track(OnboardingEvents.completed(preferenceCount: state.preferences.count)),
        .run(.notifyListener(.finished)),
      ]
    }

  case .backTapped:
    switch state.step {
    case .welcome: break
    case .preferences: state.step = .welcome
    case .ready: state.step = .preferences
    }
    return []

  case .preferenceToggled(let preference):
    guard state.step == .preferences else { return [] }
    if state.preferences.contains(preference) {
      state.preferences.removeAll { $0 == preference }
    } else {
      state.preferences = Preference.allCases.filter { $0 == preference || state.preferences.contains($0) }
    }
    return []
  }
}

// MARK: - Effects

/// What the flow asks the outside world to do, as data.
enum OnboardingEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(OnboardingDelegateEvent)
}
