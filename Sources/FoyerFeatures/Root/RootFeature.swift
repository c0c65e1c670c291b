import DuetCore
import DuetTelemetry

// The root: which part of the app is on screen, decided from the children's delegate events and
// the session port's answers. It owns the launch event, because it is where one of the splash's
// completions is acted on and the other is inert.

// MARK: - State

/// The app's top level: the phase on screen, what the session port last said, and the latches.
struct RootState: Equatable, Codable, Sendable {
  /// Which part of the app is on screen.
  var phase: RootPhase = .splash
  /// What the session port last reported.
  var auth: AuthSnapshot = .unknown
  /// The splash completed before the session port answered: the phase waits for the answer.
  var awaitingAuth = false
  /// The upgrade flow is presented over the home screen.
  var isUpgradePresented = false
}

/// The part of the app on screen.
enum RootPhase: Equatable, Sendable, CanonicalSumCodable {
  case splash
  case signIn
  case onboarding
  case home
}

/// The session as the session port reports it.
enum AuthSnapshot: Equatable, Sendable, CanonicalSumCodable {
  /// The port has not answered yet.
  case unknown
  case signedOut
  /// A session exists; `onboarded` says whether its account finished onboarding.
  case signedIn(onboarded: Bool)
}

// MARK: - Actions

/// What reaches the root: the session port's answers and each child's delegate events, each
/// wrapped in a labelled case as real Duet parents receive them (`{"case":"splash","value":{"event":…}}`).
enum RootAction: Equatable, Sendable, CanonicalSumCodable {
  /// The session port answered (at launch, and whenever the session changes).
  case sessionResolved(AuthSnapshot)
  case splash(event: SplashDelegateEvent)
  case signIn(event: SignInDelegateEvent)
  case onboarding(event: OnboardingDelegateEvent)
  case home(event: HomeDelegateEvent)
  case upgrade(event: UpgradeDelegateEvent)
  case account(event: AccountDelegateEvent)
}

// MARK: - Reducer

/// Moves between phases; counts the launch once, whichever splash completion arrives first.
func rootReducer(state: inout RootState, action: RootAction) -> [Effect<RootEffectPayload>] {
  switch action {
  case .sessionResolved(let auth):
    state.auth = auth
    if state.phase == .splash {
      // The latch releases only into a known session.
      guard state.awaitingAuth, let next = phaseAfterSplash(auth) else { return [] }
      state.awaitingAuth = false
      state.phase = next
    } else if auth == .signedOut {
      // The session ended elsewhere (expired, revoked): back to the gate.
      state.phase = .signIn
      state.isUpgradePresented = false
    }
    return []

  case .splash(event: .completed(let path)):
    // A late completion (the other path, after the phase moved) or a repeat while the latch
    // waits: the launch was counted once, so nothing is written and nothing tracked.
    guard state.phase == .splash, !state.awaitingAuth else { return [] }
    let launched = Effect<RootEffectPayload>.track(RootEvents.splashCompleted(path: path))
    if let next = phaseAfterSplash(state.auth) {
      state.phase = next
    } else {
      state.awaitingAuth = true
    }
    return [launched]

  case .signIn(event: .signedIn(let needsOnboarding)):
    guard state.phase == .signIn else { return [] }
    state.auth = .signedIn(onboarded: !needsOnboarding)
    state.phase = needsOnboarding ? .onboarding : .home
    return []

  case .onboarding(event: .finished):
    guard state.phase == .onboarding else { return [] }
    state.auth = .signedIn(onboarded: true)
    state.phase = .home
    return []

  case .home(event: .upgradeRequested):
    guard state.phase == .home, !state.isUpgradePresented else { return [] }
    state.isUpgradePresented = true
    return []

  case .upgrade(event: .closed):
    guard state.isUpgradePresented else { return [] }
    state.isUpgradePresented = false
    return []

  case .account(event: .signedOut):
    guard state.phase == .home else { return [] }
    state.auth = .signedOut
    state.phase = .signIn
    state.isUpgradePresented = false
    return []
  }
}

/// Where a completed splash leads for a session, or `nil` while the session is still unknown.
private func phaseAfterSplash(_ auth: AuthSnapshot) -> RootPhase? {
  switch auth {
  case .unknown: return nil
  case .signedOut: return .signIn
  case .signedIn(let onboarded): return onboarded ? .home : .onboarding
  }
}

// MARK: - Effects

/// What the root asks the outside world to do: only to count the launch.
enum RootEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Forward an analytics event to the app's sinks (fire-and-forget).
  case track(event: TrackedEvent)
}
