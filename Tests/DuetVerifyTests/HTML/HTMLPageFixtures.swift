@testable import DuetVerify

/// Results, lanes and a taxonomy for the HTML report's tests, with hostile text where asked.
enum HTMLPageFixtures {
  /// Every character that could open a tag, end an attribute or start a reference.
  static let hostile = "<script>alert(\"x\")</script> & \" onmouseover=\"steal()\" 'q'"

  static func passed(_ name: String, feature: String?, kind: FixtureDocument.Kind = .leaf) -> FixtureResult {
    FixtureResult(name: name, kind: kind, feature: feature, file: "fixtures/\(name).fixture.json", stepCount: 2)
  }

  static func failed(_ name: String, feature: String, label: String = "the splash appears") -> FixtureResult {
    let failure = FixtureFailure(
      reason: .effectsDiverged, step: 1, label: label, line: 57,
      divergence: Divergence(
        path: "expectedEffects[0]", expected: #"{"id":"splash.safetyNet","kind":"run","payload":{"case":"tick"}}"#,
        actual: #"{"id":"splash.safetyNet","kind":"cancel","payload":{"case":"tick"}}"#),
      action: #"{"case":"appeared"}"#,
      diff: CompactDiff.lines(
        expected: #"[{"id":"splash.safetyNet","kind":"run","payload":{"case":"tick"}}]"#,
        actual: #"[{"id":"splash.safetyNet","kind":"cancel","payload":{"case":"tick"}}]"#))
    var result = FixtureResult(
      name: name, kind: .leaf, feature: feature, file: "fixtures/\(name).fixture.json",
      scenarioSource: "Sources/FoyerFeatures/Splash/SplashScenario.swift", stepCount: 3, failure: failure)
    result.steps = [StepResult(index: 0, passed: true), StepResult(index: 1, label: label, line: 57, passed: false)]
    return result
  }

  static func taxonomy(eventName: String = "Session Signed In", fixture: String = "signin.email") -> TaxonomyReport {
    TaxonomyReport(
      hasDeclaration: true,
      events: [
        TaxonomyReport.Event(
          name: eventName, status: .declared, declaredLine: 12, owners: ["signin"],
          params: [
            TaxonomyReport.Param(
              key: "provider", kinds: ["string"], values: ["email", "guest"], hasMoreValues: false, withheldValues: 0)
          ], fixtures: [fixture, "chain-root-signin"], emissions: 2, declaredBy: ["signin"]),
        TaxonomyReport.Event(
          name: "Promo Viewed", status: .neverRecorded, declaredLine: 20, owners: [], params: [], fixtures: [],
          emissions: 0, declaredBy: ["home"]),
      ],
      findings: [
        TaxonomyFinding(severity: .warning, message: "'Promo Viewed' is declared but no recording emits it.")
      ], fixturesRead: 3, envelopes: 2)
  }

  /// One swift lane: splash (one of two failed), signin (passed), one chain.
  static func oneLanePage() -> ParityPage {
    let run = RunResult(
      fixtures: [
        passed("splash.first-launch", feature: "splash"), failed("splash.repeat-appear-inert", feature: "splash"),
        passed("signin.email", feature: "signin"), passed("chain-root-signin", feature: nil, kind: .chain),
      ], runner: RunnerIdentity(path: "replay-runner", platform: "swift"))
    return ParityPage(
      run: run, features: ["splash", "home", "signin"], taxonomy: taxonomy())
  }
}
