import DuetCore
import DuetTelemetry
import XCTest

@testable import FoyerFeatures

/// The composition root as the app runs it: reducer events through the console and a late-bound,
/// queued vendor, under the user's consent, flushed at exit.
final class FoyerAnalyticsRootTests: XCTestCase {
  private func signInEvents() throws -> [TrackedEvent] {
    let pending = SignInState(email: "ada@example.com", pending: .email)
    return try trackedEvents(
      step(signInReducer, from: pending, .authAnswered(.signedIn(needsOnboarding: false))).effects)
  }

  func testEventsBeforeTheVendorExistsReachItInOrderOnceBound() throws {
    let lines = Journal<String>()
    let root = FoyerAnalyticsRoot(consent: true, consoleLine: { lines.append($0) }) { XCTFail("\($0)") }
    let vendor = FoyerVendorStandIn()

    for event in try signInEvents() { root.analytics.track(event: event) }
    root.analytics.identify(uid: "u-1")
    root.bindVendor(vendor)
    root.analytics.track(event: TrackedEvent(subject: "Promo", verb: .viewed))

    XCTAssertEqual(root.shutdown(timeout: 30), .drained)
    XCTAssertEqual(
      lines.entries,
      ["analytics: Session Signed In {provider=email}", "analytics: identify u-1", "analytics: Promo Viewed"])
    XCTAssertEqual(
      vendor.uploads,
      [
        VendorUpload(name: "Session Signed In", properties: ["provider": "email"]),
        VendorUpload(name: "Promo Viewed", properties: [:]),
      ])
    XCTAssertEqual(vendor.identifiedUser, "u-1")
  }

  func testAnOptedOutUserSendsNothingToTheVendorEvenBeforeItIsBound() throws {
    let lines = Journal<String>()
    let root = FoyerAnalyticsRoot(consent: false, consoleLine: { lines.append($0) })
    let vendor = FoyerVendorStandIn()

    for event in try signInEvents() { root.analytics.track(event: event) }
    root.bindVendor(vendor)
    root.analytics.track(event: TrackedEvent(subject: "Promo", verb: .viewed))

    XCTAssertEqual(root.shutdown(timeout: 30), .drained)
    XCTAssertEqual(vendor.uploads, [])
    XCTAssertEqual(lines.entries, [])
  }

  func testTurningConsentOnLetsLaterEventsThrough() throws {
    let root = FoyerAnalyticsRoot(consent: false, consoleLine: { _ in })
    let vendor = FoyerVendorStandIn()
    root.bindVendor(vendor)

    root.setConsent(true)
    for event in try signInEvents() { root.analytics.track(event: event) }

    XCTAssertEqual(root.shutdown(timeout: 30), .drained)
    XCTAssertEqual(vendor.uploads.map(\.name), ["Session Signed In"])
    XCTAssertTrue(root.analytics.isEnabled)
  }
}

/// A thread-safe list the test reads after the calls it caused.
private final class Journal<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Element] = []

  func append(_ item: Element) { lock.withLock { items.append(item) } }
  var entries: [Element] { lock.withLock { items } }
}
