import XCTest

@testable import DuetVerify

/// Parameter rules: snake_case keys, one shape per event, and no user content in string values.
final class TaxonomyParamTests: XCTestCase {
  typealias F = TaxonomyFixtureText

  func findings(_ params: String..., fixture: String = "item.create") throws -> [TaxonomyFinding] {
    let event = F.track("Item", "Created", params.joined(separator: ","))
    return try F.findings(F.declared(events: ["Item Created"]), [(fixture, F.leaf("item", steps: [[event]]))])
  }

  func testCamelCaseKeyFailsSuggestingTheSnakeCaseSpelling() throws {
    let found = try findings(F.int("photoCount", 2))

    XCTAssertEqual(
      found,
      [
        TaxonomyFinding(
          severity: .error,
          message:
            "fixture 'item.create' step 0 at steps[0].expectedEffects[0].payload.value.event.params[0].value.key: "
            + "the parameter key 'photoCount' of event 'Item Created' is not snake_case; rename it 'photo_count' in the "
            + "emitting reducer and re-record.",
          fixture: "item.create", step: 0, path: "steps[0].expectedEffects[0].payload.value.event.params[0].value.key",
          rule: .paramKeyNotSnakeCase)
      ])
  }

  func testSnakeCaseKeysWithDigitsPass() throws {
    XCTAssertEqual(try findings(F.int("photo_count", 2), F.bool("has_2fa", true), F.string("from", "capture")), [])
  }

  func testKeyWithDoubleUnderscoreFails() throws {
    XCTAssertEqual(try findings(F.int("photo__count", 2)).map(\.rule), [.paramKeyNotSnakeCase])
  }

  func testSameKeyTwiceInOneEventFails() throws {
    let found = try findings(F.string("plan", "monthly"), F.string("plan", "yearly"))

    XCTAssertEqual(found.map(\.rule), [.duplicateParamKey])
    XCTAssertEqual(found.first?.path, "steps[0].expectedEffects[0].payload.value.event.params[1].value.key")
  }

  func testSameEventWithAnotherKindFailsAtTheOddOneOut() throws {
    let found = try F.findings(
      F.declared(events: ["Upgrade Completed"]),
      [
        ("upgrade.monthly", F.leaf("upgrade", steps: [[F.track("Upgrade", "Completed", F.string("plan", "monthly"))]])),
        ("upgrade.yearly", F.leaf("upgrade", steps: [[F.track("Upgrade", "Completed", F.string("plan", "yearly"))]])),
        ("upgrade.zeta", F.leaf("upgrade", steps: [[], [F.track("Upgrade", "Completed", F.int("plan", 12))]])),
      ])

    XCTAssertEqual(
      found,
      [
        TaxonomyFinding(
          severity: .error,
          message: "fixture 'upgrade.zeta' step 1 at steps[1].expectedEffects[0].payload.value.event: the event "
            + "'Upgrade Completed' carries {plan: int}, but {plan: string} at fixture 'upgrade.monthly' step 0 "
            + "(2 times); the same event must always carry the same parameter keys and kinds (a dashboard column must "
            + "not change type): make every emission of 'Upgrade Completed' agree and re-record.",
          fixture: "upgrade.zeta", step: 1, path: "steps[1].expectedEffects[0].payload.value.event",
          rule: .paramShapeChanged)
      ])
  }

  func testSameEventMissingAKeyFails() throws {
    let found = try F.findings(
      F.declared(events: ["Item Created"]),
      [
        ("item.a", F.leaf("item", steps: [[F.track("Item", "Created", F.int("photo_count", 1))]])),
        ("item.b", F.leaf("item", steps: [[F.track("Item", "Created", F.int("photo_count", 1))]])),
        ("item.c", F.leaf("item", steps: [[F.track("Item", "Created")]])),
      ])

    XCTAssertEqual(found.map(\.rule), [.paramShapeChanged])
    XCTAssertEqual(found.map(\.fixture), ["item.c"])
    XCTAssertTrue(found[0].message.contains("carries no parameters, but {photo_count: int}"), found[0].message)
  }

  func testParamOrderDoesNotChangeTheShape() throws {
    let found = try F.findings(
      F.declared(events: ["Item Created"]),
      [
        ("item.a", F.leaf("item", steps: [[F.track("Item", "Created", F.int("count", 1), F.bool("cached", true))]])),
        ("item.b", F.leaf("item", steps: [[F.track("Item", "Created", F.bool("cached", false), F.int("count", 3))]])),
      ])

    XCTAssertEqual(found, [])
  }

  func testEmailAddressValueFailsWithoutEchoingIt() throws {
    let found = try findings(F.string("provider", "ada.lovelace@example.com"))

    XCTAssertEqual(
      found,
      [
        TaxonomyFinding(
          severity: .error,
          message: "fixture 'item.create' step 0 at steps[0].expectedEffects[0].payload.value.event.params[0].value."
            + "value: the string parameter 'provider' of event 'Item Created' looks like an email address; parameters "
            + "describe behaviour, never content: send a kind, a label or a count instead (the provider, not the "
            + "address) and re-record.",
          fixture: "item.create", step: 0,
          path: "steps[0].expectedEffects[0].payload.value.event.params[0].value.value",
          rule: .privacy)
      ])
  }

  func testPhoneNumberValueFails() throws {
    XCTAssertEqual(
      try findings(F.string("contact", "+44 20 7946 0958")).first?.message.contains("looks like a phone number"), true)
  }

  func testLongFreeTextValueFails() throws {
    XCTAssertEqual(
      try findings(F.string("reason", "the network connection dropped while saving")).first?.message.contains(
        "looks like free text"), true)
  }

  func testBehaviourLabelsPassThePrivacyLint() throws {
    XCTAssertEqual(
      try findings(
        F.string("path", "safety_net"), F.string("plan", "monthly"), F.string("reason", "network lost"),
        F.string("day", "2026-07-02"), F.string("build", "1.24.0")),
      [])
  }
}
