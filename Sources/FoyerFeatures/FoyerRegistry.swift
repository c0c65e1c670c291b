import DuetReplay

/// Every Foyer feature the replay runner serves, one typed entry each.
///
/// The verifier sends each recorded step to `replay-runner` and byte-compares the answer; this
/// list is what makes a feature reachable that way, so a feature missing here fails `verify` with
/// an unknown-feature error rather than passing silently.
public let foyerRegistry = ReplayRegistry([
  ReplayFeature.entry("splash", SplashState.self, SplashAction.self) { splashReducer(state: &$0, action: $1) },
  ReplayFeature.entry("root", RootState.self, RootAction.self) { rootReducer(state: &$0, action: $1) },
  ReplayFeature.entry("signin", SignInState.self, SignInAction.self) { signInReducer(state: &$0, action: $1) },
  ReplayFeature.entry("onboarding", OnboardingState.self, OnboardingAction.self) {
    onboardingReducer(state: &$0, action: $1)
  },
  ReplayFeature.entry("home", HomeState.self, HomeAction.self) { homeReducer(state: &$0, action: $1) },
  ReplayFeature.entry("upgrade", UpgradeState.self, UpgradeAction.self) { upgradeReducer(state: &$0, action: $1) },
  ReplayFeature.entry("editname", EditNameState.self, EditNameAction.self) {
    editNameReducer(state: &$0, action: $1)
  },
  ReplayFeature.entry("account", AccountState.self, AccountAction.self) { accountReducer(state: &$0, action: $1) },
])
