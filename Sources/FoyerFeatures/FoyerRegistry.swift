import DuetReplay
import DuetScenario

// The features by the names the wire, the recordings and the manifest use: the one value each
// scenario, chain node and registry entry below shares. They are declared here rather than beside
// their reducers, so a feature's own files link DuetCore (and DuetTelemetry) alone.

let splashFeature = Feature("splash", reducer: splashReducer)
let rootFeature = Feature("root", reducer: rootReducer)
let signInFeature = Feature("signin", reducer: signInReducer)
let onboardingFeature = Feature("onboarding", reducer: onboardingReducer)
let homeFeature = Feature("home", reducer: homeReducer)
let upgradeFeature = Feature("upgrade", reducer: upgradeReducer)
let editNameFeature = Feature("editname", reducer: editNameReducer)
let accountFeature = Feature("account", reducer: accountReducer)

/// Every Foyer feature the replay runner serves, with the scenarios that record it, and the chains
/// across its seams.
///
/// The verifier sends each recorded step to `replay-runner` and byte-compares the answer, and
/// `record` asks the same runner to compile the scenarios; this list is what makes a feature
/// reachable both ways, so a feature missing here fails `verify` rather than passing silently.
public let foyerRegistry = ReplayRegistry(
  [
    ReplayFeature.entry(splashFeature, scenarios: [splashScenario]),
    ReplayFeature.entry(rootFeature, scenarios: [rootScenario]),
    ReplayFeature.entry(signInFeature, scenarios: [signInScenario]),
    ReplayFeature.entry(onboardingFeature, scenarios: [onboardingScenario]),
    ReplayFeature.entry(homeFeature, scenarios: [homeScenario]),
    ReplayFeature.entry(upgradeFeature, scenarios: [upgradeScenario]),
    ReplayFeature.entry(editNameFeature, scenarios: [editNameScenario]),
    ReplayFeature.entry(accountFeature, scenarios: [accountScenario]),
  ],
  chains: [
    rootSplashChain, rootSignInChain, rootOnboardingChain, rootHomeChain, rootUpgradeChain, rootSignOutChain,
    accountEditNameChain,
  ])
