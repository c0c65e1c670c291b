import DuetCore
import DuetScenario

// The seams into the root: each child's delegate event climbing to the root, across the steps
// that emit an event, so a recording pins which side of the seam counts what.

/// The root in a chain, at launch with the session already known to be signed out.
private let launchingRoot = ChainNode(rootFeature, initialState: RootState(auth: .signedOut))
/// The root with the sign-in gate on screen.
private let gateRoot = ChainNode(rootFeature, initialState: RootState(phase: .signIn, auth: .signedOut))
/// The root with onboarding on screen, for a new account.
private let onboardingRoot = ChainNode(
  rootFeature, initialState: RootState(phase: .onboarding, auth: .signedIn(onboarded: false)))
/// The root with home on screen, for an onboarded account.
private let homeRoot = ChainNode(rootFeature, initialState: RootState(phase: .home, auth: .signedIn(onboarded: true)))
/// The root with the upgrade flow presented over home.
private let upgradingRoot = ChainNode(
  rootFeature, initialState: RootState(phase: .home, auth: .signedIn(onboarded: true), isUpgradePresented: true))

private let splashNode = ChainNode(splashFeature, initialState: SplashState(), delegate: SplashDelegateEvent.self)
private let signInNode = ChainNode(signInFeature, initialState: SignInState(), delegate: SignInDelegateEvent.self)
private let onboardingNode = ChainNode(
  onboardingFeature, initialState: OnboardingState(step: .preferences), delegate: OnboardingDelegateEvent.self)
private let homeNode = ChainNode(homeFeature, initialState: HomeState(), delegate: HomeDelegateEvent.self)
private let upgradeNode = ChainNode(
  upgradeFeature, initialState: UpgradeState(step: .confirming, plan: .monthly), delegate: UpgradeDelegateEvent.self)
private let accountNode = ChainNode(
  accountFeature, initialState: AccountState(displayName: "Ada"), delegate: AccountDelegateEvent.self)

/// Root ← splash: the launch is counted once, by the completion the root acts on.
let rootSplashChain = ChainScenario(
  "root-splash",
  description: "The splash's completion climbs to the root, which counts the launch by the ceremony path and "
    + "enters the gate; the safety net firing late notifies again, and the root tracks nothing for it."
) {
  When(splashNode, "the splash appears", .appeared)
  When(splashNode, "the animation reaches its end", .ceremonyFinished)
  ThenEffects(splashNode, "the splash notifies, and tracks nothing itself") {
    $0 == [.run(.notifyListener(.completed(path: .ceremony)))]
  }
  Hop("the ceremony's completion reaches the root", from: splashNode, to: launchingRoot) { .splash(event: $0) }
  Then(launchingRoot, "the gate is on screen") { $0.phase == .signIn }
  ThenEffects(launchingRoot, "the launch event, by the ceremony path") {
    $0 == [.track(RootEvents.splashCompleted(path: .ceremony))]
  }
  When(splashNode, "the armed delay elapses late", .safetyNetElapsed)
  Hop("the late completion reaches the root", from: splashNode, to: launchingRoot) { .splash(event: $0) }
  Then(launchingRoot, "still the gate") { $0.phase == .signIn }
  ThenEffects(launchingRoot, "nothing: the launch was counted once") { $0.isEmpty }
}

/// Root ← sign-in: the gate counts the session, the root only moves.
let rootSignInChain = ChainScenario(
  "root-signin",
  description: "A guest sign-in is counted by the gate, before its delegate event climbs to the root, which "
    + "enters onboarding for the new account and tracks nothing."
) {
  When(signInNode, "the guest button is tapped", .guestTapped)
  When(signInNode, "the auth port signs in a new guest", .authAnswered(.signedIn(needsOnboarding: true)))
  ThenEffects(signInNode, "the session is counted as a guest's, then the root is told") {
    $0 == [
      .track(SignInEvents.signedIn(provider: .guest)), .run(.notifyListener(.signedIn(needsOnboarding: true))),
    ]
  }
  Hop("the sign-in reaches the root", from: signInNode, to: gateRoot) { .signIn(event: $0) }
  Then(gateRoot, "onboarding is on screen") { $0.phase == .onboarding && $0.auth == .signedIn(onboarded: false) }
  ThenEffects(gateRoot, "nothing: the gate counted the sign-in") { $0.isEmpty }
}

/// Root ← onboarding: the flow counts its completion, the root enters home.
let rootOnboardingChain = ChainScenario(
  "root-onboarding",
  description: "The onboarding flow counts its completion with the number of interests picked, then its "
    + "delegate event climbs to the root, which enters home and tracks nothing."
) {
  When(onboardingNode, "reading is picked", .preferenceToggled(.reading))
  When(onboardingNode, "the interests continue", .continued)
  When(onboardingNode, "the ready screen continues", .continued)
  ThenEffects(onboardingNode, "the completion is counted with one pick, then the root is told") {
    $0 == [.track(OnboardingEvents.completed(preferenceCount: 1)), .run(.notifyListener(.finished))]
  }
  Hop("the finished flow reaches the root", from: onboardingNode, to: onboardingRoot) { .onboarding(event: $0) }
  Then(onboardingRoot, "home is on screen") { $0.phase == .home && $0.auth == .signedIn(onboarded: true) }
  ThenEffects(onboardingRoot, "nothing") { $0.isEmpty }
}

/// Root ← home: the offer's view is counted by home; its acceptance presents the flow.
let rootHomeChain = ChainScenario(
  "root-home",
  description: "Home counts the offer's view when a locked card opens it; accepting the offer climbs to the root, "
    + "which presents the upgrade flow and tracks nothing."
) {
  When(homeNode, "the locked insights card is tapped", .insightsTapped)
  ThenEffects(homeNode, "the view is counted") { $0 == [.track(HomeEvents.promoViewed)] }
  When(homeNode, "the offer is accepted", .upgradeTapped)
  Hop("the request reaches the root", from: homeNode, to: homeRoot) { .home(event: $0) }
  Then(homeRoot, "the upgrade flow is presented") { $0.isUpgradePresented }
  ThenEffects(homeRoot, "nothing") { $0.isEmpty }
}

/// Root ← upgrade: the purchase is counted by the flow; closing it dismisses it.
let rootUpgradeChain = ChainScenario(
  "root-upgrade",
  description: "The upgrade flow counts the purchase the port confirms; closing the flow climbs to the root, "
    + "which dismisses it and tracks nothing."
) {
  When(upgradeNode, "the purchase is confirmed", .confirmTapped)
  When(upgradeNode, "the purchases port answers purchased", .purchaseAnswered(.purchased(plan: .monthly)))
  ThenEffects(upgradeNode, "the purchase is counted with its plan") {
    $0 == [.track(UpgradeEvents.completed(plan: .monthly))]
  }
  When(upgradeNode, "the flow is closed", .closeTapped)
  Hop("the close reaches the root", from: upgradeNode, to: upgradingRoot) { .upgrade(event: $0) }
  Then(upgradingRoot, "the flow is dismissed, home stays") { !$0.isUpgradePresented && $0.phase == .home }
  ThenEffects(upgradingRoot, "nothing") { $0.isEmpty }
}

/// Account → root: the sign-out is counted before the root tears the account screen down.
let rootSignOutChain = ChainScenario(
  "root-signout",
  description: "The account screen counts the sign-out the auth port confirms, before its delegate event climbs "
    + "to the root, which returns to the gate and tracks nothing."
) {
  When(accountNode, "sign out is tapped", .signOutTapped)
  When(accountNode, "the auth port confirms", .signOutAnswered(.signedOut))
  ThenEffects(accountNode, "the event first, then the delegate that tears the screen down") {
    $0 == [.track(AccountEvents.signedOut), .run(.notifyListener(.signedOut))]
  }
  Hop("the sign-out reaches the root", from: accountNode, to: homeRoot) { .account(event: $0) }
  Then(homeRoot, "the gate is on screen, signed out") { $0.phase == .signIn && $0.auth == .signedOut }
  ThenEffects(homeRoot, "nothing: the account screen counted the sign-out") { $0.isEmpty }
}
