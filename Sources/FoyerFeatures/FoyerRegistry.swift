import DuetReplay

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
