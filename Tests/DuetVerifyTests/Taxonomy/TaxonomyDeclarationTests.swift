import XCTest

@testable import DuetVerify

/// The recorded names against the declared set, and the verbs against the starter vocabulary.
final class TaxonomyDeclarationTests: XCTestCase {
  typealias F = TaxonomyFixtureText

  func testRecordedNamesEqualToTheDeclaredSetPass() throws {
    let findings = try F.findings(
      F.declared(verbs: ["Signed In"], events: ["Session Signed In", "Promo Viewed"]),
      [
        ("signin.email", F.leaf("signin", steps: [[F.track("Session", "Signed In", F.string("provider", "email"))]])),
        ("home.promo", F.leaf("home", steps: [[], [F.track("Promo", "Viewed"), F.notify]])),
      ])

    XCTAssertEqual(findings, [])
  }

  func testUndeclaredEventFailsNamingFixtureStepAndPath() throws {
    let findings = try F.findings(
      F.declared(events: ["Promo Viewed"]),
      [
        F.homePromo,
        ("account.signout", F.leaf("account", steps: [[], [F.track("Session", "Signed Out"), F.notify]])),
      ])

    XCTAssertEqual(
      findings,
      [
        TaxonomyFinding(
          severity: .error,
          message: "fixture 'account.signout' step 1 at steps[1].expectedEffects[0].payload.value.event: the event "
            + "'Session Signed Out' is not declared (recorded once in 1 fixture); adding an event is a taxonomy "
            + "decision: declare it in manifest.yaml under the events: of feature 'account'.",
          fixture: "account.signout", step: 1, path: "steps[1].expectedEffects[0].payload.value.event",
          rule: .undeclaredEvent)
      ])
  }

  func testUndeclaredEventIsReportedOnceAtItsFirstRecording() throws {
    let event = F.track("Session", "Signed Out")
    let findings = try F.findings(
      F.declared(events: []),
      [
        ("b.second", F.leaf("account", steps: [[event]])),
        ("a.first", F.leaf("account", steps: [[], [event], [event]])),
      ])

    XCTAssertEqual(findings.map(\.fixture), ["a.first"])
    XCTAssertEqual(findings.map(\.step), [1])
    XCTAssertTrue(findings[0].message.contains("(recorded 3 times in 2 fixtures)"), findings[0].message)
  }

  func testDeclaredEventNeverRecordedFailsNamingTheManifestLine() throws {
    let findings = try F.findings(F.declared(events: ["Promo Viewed", "Name Edited"]), [F.homePromo])

    XCTAssertEqual(
      findings,
      [
        TaxonomyFinding(
          severity: .error,
          message: "manifest.yaml:23: the event 'Name Edited' is declared but never recorded: no recording emits it; "
            + "record a scenario that emits it, or remove it from that feature's events:.",
          manifestLine: 23, rule: .neverRecorded)
      ])
  }

  func testVerbNeitherStarterNorMintedFails() throws {
    let findings = try F.findings(F.declared(events: ["Report Archived"]), [F.reportArchive])

    XCTAssertEqual(findings.map(\.rule), [.unknownVerb])
    XCTAssertEqual(findings.first?.path, "steps[0].expectedEffects[0].payload.value.event.verb")
    XCTAssertEqual(
      findings.first?.message,
      "fixture 'reports.archive' step 0 at steps[0].expectedEffects[0].payload.value.event.verb: the verb 'Archived' "
        + "(event 'Report Archived') is neither a starter verb nor minted in manifest.yaml; use a starter verb if one "
        + "names the act (Viewed, Opened, Started, Completed, Failed, Created, Edited, Deleted, Toggled, Signed Out), "
        + "otherwise mint it under verbs: of the feature that emits it.")
  }

  func testMintedVerbIsAccepted() throws {
    let findings = try F.findings(F.declared(verbs: ["Archived"], events: ["Report Archived"]), [F.reportArchive])

    XCTAssertEqual(findings, [])
  }

  func testMintedVerbNobodyUsesIsAWarning() throws {
    let findings = try F.findings(F.declared(verbs: ["Signed In"], events: ["Promo Viewed"]), [F.homePromo])

    XCTAssertEqual(
      findings,
      [
        TaxonomyFinding(
          severity: .warning,
          message: "manifest.yaml:22: the minted verb 'Signed In' is used by no recorded event; remove it from "
            + "that feature's verbs:, or record the event it was minted for.",
          manifestLine: 22, rule: .unusedMintedVerb)
      ])
  }

  func testMintingAStarterVerbIsAWarning() throws {
    let findings = try F.findings(F.declared(verbs: ["Viewed"], events: ["Promo Viewed"]), [F.homePromo])

    XCTAssertEqual(findings.map(\.rule), [.redundantMintedVerb])
    XCTAssertEqual(findings.map(\.severity), [.warning])
  }

  func testEventsNoFeatureDeclaresFailShowingThePerFeatureForm() throws {
    let findings = try F.findings(
      nil,
      [
        ("signin.email", F.leaf("signin", steps: [[F.track("Session", "Signed In", F.string("provider", "email"))]])),
        F.homePromo,
      ])

    XCTAssertEqual(
      findings,
      [
        TaxonomyFinding(
          severity: .error,
          message: """
            the recordings emit 2 events (first at fixture 'home.promo' step 0 at \
            steps[0].expectedEffects[0].payload.value.event) but no feature in manifest.yaml declares any; declare \
            each under the feature whose reducer emits it:
              features:
                home:
                  events:
                    - Promo Viewed
                signin:
                  events:
                    - Session Signed In
                  verbs:
                    - Signed In
            """,
          fixture: "home.promo", step: 0, path: "steps[0].expectedEffects[0].payload.value.event",
          rule: .missingTelemetrySection)
      ])
  }

  func testNoDeclarationsAndNoEventsPasses() throws {
    let findings = try F.findings(nil, [("home.load", F.leaf("home", steps: [[F.notify]]))])

    XCTAssertEqual(findings, [])
  }

  func testEventEmittedByAFeatureThatDoesNotDeclareItFailsNamingBoth() throws {
    let declared = ManifestTelemetry(
      events: [ManifestEntry(name: "Splash Completed", line: 12)], declarers: ["Splash Completed": ["splash"]])
    let findings = try F.findings(
      declared, [("root.launch", F.leaf("root", steps: [[F.track("Splash", "Completed")]]))])

    XCTAssertEqual(
      findings,
      [
        TaxonomyFinding(
          severity: .error,
          message: "fixture 'root.launch' step 0 at steps[0].expectedEffects[0].payload.value.event: the event "
            + "'Splash Completed' is emitted by root, declared by splash (manifest.yaml:12); each event is declared by "
            + "the feature whose reducer emits it: add it to the events: of feature 'root' (and remove it from "
            + "splash's if that feature no longer emits it).",
          fixture: "root.launch", step: 0, path: "steps[0].expectedEffects[0].payload.value.event",
          rule: .emittedByNonDeclarer)
      ])
  }

  func testAChainStepsEventBelongsToItsNode() throws {
    let declared = ManifestTelemetry(
      events: [ManifestEntry(name: "Session Signed Out", line: 9)], declarers: ["Session Signed Out": ["account"]])
    let event = F.track("Session", "Signed Out")

    XCTAssertEqual(
      try F.findings(declared, [("greeter.wave", F.chain(steps: [(node: "account", effects: [event])]))]), [])
    let findings = try F.findings(
      declared, [("greeter.wave", F.chain(steps: [(node: "signin", effects: []), (node: "root", effects: [event])]))])
    XCTAssertEqual(findings.map(\.rule), [.emittedByNonDeclarer])
    XCTAssertTrue(
      findings[0].message.hasPrefix(
        "chain 'greeter.wave' step 1 (root) at steps[1].expectedEffects[0].payload.value.event: the event "
          + "'Session Signed Out' is emitted by root, declared by account (manifest.yaml:9)"), findings[0].message)
  }
}
