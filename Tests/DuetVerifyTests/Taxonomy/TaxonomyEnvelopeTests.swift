import XCTest

@testable import DuetVerify

/// Finding track envelopes in leaf and chain fixtures, and refusing malformed ones.
final class TaxonomyEnvelopeTests: XCTestCase {
  typealias F = TaxonomyFixtureText

  func testParamOfUnknownKindIsMalformedNamingItsPath() throws {
    let broken = F.track("Promo", "Viewed", #"{"case":"date","value":{"key":"at","value":"x"}}"#)
    let findings = try F.findings(
      F.declared(events: ["Promo Viewed"]), [("home.promo", F.leaf("home", steps: [[F.notify, broken]]))])

    XCTAssertEqual(findings.count, 2, "\(findings)")
    XCTAssertEqual(findings.first?.rule, .malformedEnvelope)
    XCTAssertEqual(findings.first?.path, "steps[0].expectedEffects[1].payload.value.event.params[0].case")
    XCTAssertEqual(
      findings.first?.message,
      "fixture 'home.promo' step 0 at steps[0].expectedEffects[1].payload.value.event.params[0].case: malformed track "
        + "envelope: unknown case 'date' for TrackedParam at steps[0].expectedEffects[1].payload.value.event.params[0]"
        + ".case. A track effect is "
        + #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[…],"subject":…,"verb":…}}}}"#
        + "; emit it with Effect.track(_:) and re-record the fixture.")
    XCTAssertEqual(findings.last?.rule, .neverRecorded, "a malformed envelope records no name")
  }

  func testEmptyVerbIsMalformed() throws {
    let findings = try F.findings(
      F.declared(events: []), [("home.promo", F.leaf("home", steps: [[F.track("Promo", "")]]))])

    XCTAssertEqual(findings.map(\.rule), [.malformedEnvelope])
    XCTAssertEqual(findings.first?.path, "steps[0].expectedEffects[0].payload.value.event.verb")
  }

  func testTrackEffectWithAnIdIsMalformed() throws {
    let withID =
      #"{"id":"x","kind":"run","payload":{"case":"track","value":{"event":{"params":[],"subject":"Promo","verb":"Viewed"}}}}"#
    let findings = try F.findings(F.declared(events: []), [("home.promo", F.leaf("home", steps: [[withID]]))])

    XCTAssertEqual(findings.map(\.rule), [.malformedEnvelope])
    XCTAssertEqual(findings.first?.path, "steps[0].expectedEffects[0].id")
    XCTAssertTrue(findings.first?.message.contains("carries no id") == true)
  }

  func testEnvelopeWithoutAnEventIsMalformed() throws {
    let empty = #"{"kind":"run","payload":{"case":"track","value":{}}}"#
    let findings = try F.findings(F.declared(events: []), [("home.promo", F.leaf("home", steps: [[empty]]))])

    XCTAssertEqual(findings.map(\.rule), [.malformedEnvelope])
    XCTAssertEqual(findings.first?.path, "steps[0].expectedEffects[0].payload.value")
    XCTAssertTrue(findings.first?.message.contains("the envelope's value has no 'event'") == true)
  }

  func testEventWithoutParamsIsMalformed() throws {
    let noParams = #"{"kind":"run","payload":{"case":"track","value":{"event":{"subject":"Promo","verb":"Viewed"}}}}"#
    let findings = try F.findings(F.declared(events: []), [("home.promo", F.leaf("home", steps: [[noParams]]))])

    XCTAssertEqual(findings.map(\.rule), [.malformedEnvelope])
    XCTAssertTrue(findings.first?.message.contains("missing key 'params' in TrackedEvent") == true)
  }

  func testOnlyEffectsWhosePayloadCaseIsTrackAreRead() throws {
    let nested = #"{"kind":"run","payload":{"case":"notifyListener","value":{"case":"track","value":{}}}}"#
    let gate = try F.gate(F.declared(events: []), [("home.load", F.leaf("home", steps: [[nested, F.notify]]))])

    XCTAssertEqual(gate.finish(), [])
    XCTAssertEqual(gate.report().envelopes, 0)
  }

  func testChainEventsAreReadAndOwnedByTheirNode() throws {
    let chain = F.chain(steps: [
      (node: "signin", effects: [F.track("Session", "Signed In", F.string("provider", "guest")), F.notify]),
      (node: "root", effects: [F.track("Splash", "Completed", F.string("path", "ceremony"))]),
    ])
    let report = try F.gate(F.declared(events: ["Splash Completed"]), [("chain-root-signin", chain)]).report()

    XCTAssertEqual(report.events.map(\.name), ["Splash Completed", "Session Signed In"])
    XCTAssertEqual(report.events.map(\.owners), [["root"], ["signin"]])
    XCTAssertEqual(
      report.findings.map(\.message).first?.hasPrefix(
        "chain 'chain-root-signin' step 0 (signin) at steps[0].expectedEffects[0].payload.value.event:"), true,
      "\(report.findings)")
  }

  func testFindingsDoNotDependOnTheOrderFixturesArrive() throws {
    let fixtures = [
      ("a.one", F.leaf("a", steps: [[F.track("Item", "Created", F.int("photoCount", 1))]])),
      ("b.two", F.leaf("b", steps: [[F.track("Item", "Created", F.string("photoCount", "one"))]])),
      ("c.three", F.leaf("c", steps: [[F.track("Report", "Archived", F.string("note", "ada@example.com"))]])),
      ("d.four", F.leaf("d", steps: [[F.track("Item", "Created", F.int("photoCount", 2))]])),
    ]
    let declared = F.declared(events: ["Item Created", "Promo Viewed"])

    let forward = try F.findings(declared, fixtures)
    let backward = try F.findings(declared, fixtures.reversed())

    XCTAssertEqual(forward, backward)
    XCTAssertEqual(forward.count, 6, "\(forward.map(\.message))")
  }

  func testDocumentWithoutStepsYieldsNothing() throws {
    let findings = try F.findings(F.declared(events: []), [("odd", #"{"feature":"x"}"#), ("odder", "[1,2]")])

    XCTAssertEqual(findings, [])
  }
}
