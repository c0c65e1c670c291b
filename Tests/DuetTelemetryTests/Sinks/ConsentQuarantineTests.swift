import DuetTelemetry
import XCTest

/// A sink whose consent call fails is quarantined: no event reaches it until a consent call succeeds.
final class ConsentQuarantineTests: XCTestCase {
  func testVendorWhoseConsentCallThrowsReceivesNoEventAfterTheOptOut() {
    let failures = Journal<SinkFailure>()
    let vendor = FlakyConsentVendor(failures: 1)
    let analytics = AnalyticsFanOut(sinks: [vendor], isEnabled: false) { failures.append($0) }

    analytics.track(event: Events.signedIn)
    analytics.identify(uid: "u-1")
    analytics.reset()

    XCTAssertEqual(vendor.sent.entries, [], "the user opted out: nothing may reach the vendor")
    XCTAssertEqual(failures.entries.map(\.quarantined), [true])
    XCTAssertEqual(
      failures.entries.first?.description,
      "analytics: the sink FlakyConsentVendor failed on setEnabled(false): the vendor endpoint refused the request. "
        + "It is quarantined: it receives no events until a later consent call reaches it without failing, so an "
        + "opt-out cannot leak through it. The other sinks were not affected; fix or remove this sink.")
  }

  func testQuarantineLiftsWhenALaterConsentCallSucceeds() {
    let vendor = FlakyConsentVendor(failures: 1)
    let analytics = AnalyticsFanOut(sinks: [vendor], isEnabled: true) { _ in }
    analytics.track(event: Events.promoViewed)

    analytics.setEnabled(true)
    analytics.track(event: Events.signedIn)

    XCTAssertEqual(vendor.sent.entries, ["track Session Signed In"])
  }

  func testQuarantineHoldsOnlyTheFailingSink() {
    let vendor = FlakyConsentVendor(failures: 1)
    let console = RecordingSink()
    let analytics = AnalyticsFanOut(sinks: [vendor, console], isEnabled: true) { _ in }

    analytics.track(event: Events.signedIn)

    XCTAssertEqual(vendor.sent.entries, [])
    XCTAssertEqual(console.events, [Events.signedIn])
  }

  func testQueuedVendorWhoseConsentCallThrowsIsQuarantinedOnItsQueue() {
    let executor = ManualExecutor()
    let vendor = FlakyConsentVendor(failures: 1)
    let analytics = AnalyticsFanOut(sinks: [QueuedSink(vendor, executor: executor) { _ in }], isEnabled: false)

    analytics.track(event: Events.signedIn)
    analytics.identify(uid: "u-1")
    executor.runAll()

    XCTAssertEqual(vendor.sent.entries, [])
  }
}
