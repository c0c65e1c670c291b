import DuetTelemetry
import XCTest

/// The fan-out's defaults and readback, the consent gate, and the no-op and system-log sinks.
final class SmallSinkTests: XCTestCase {
  func testFanOutDefaultsToNoSinksAndEnabled() {
    let analytics = AnalyticsFanOut(sinks: [])

    analytics.track(event: Events.signedIn)

    XCTAssertTrue(analytics.isEnabled)
    XCTAssertEqual(analytics.flush(timeout: 1), .drained)
  }

  func testFanOutReportsTheConsentItLastForwarded() {
    let analytics = AnalyticsFanOut(sinks: [RecordingSink()], isEnabled: false)
    XCTAssertFalse(analytics.isEnabled)

    analytics.setEnabled(true)

    XCTAssertTrue(analytics.isEnabled)
  }

  func testConsentGateAdmitsConsentAlwaysAndEventsOnlyWhileEnabled() {
    let gate = ConsentGate(isEnabled: false)
    XCTAssertTrue(gate.admits(.setEnabled(true)))
    XCTAssertFalse(gate.admits(.track(Events.signedIn)))
    XCTAssertFalse(gate.admits(.identify(uid: "u-1")))

    gate.setEnabled(true)

    XCTAssertTrue(gate.isEnabled)
    XCTAssertTrue(gate.admits(.reset))
  }

  func testNoOpTrackingSinkAcceptsEveryCall() throws {
    let sink = NoOpTrackingSink()
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: true) { XCTFail("\($0)") }

    analytics.track(event: Events.signedIn)
    analytics.identify(uid: "u-1")
    analytics.reset()
    analytics.setEnabled(false)
  }

  func testSystemLogSinkWritesTheConsoleLineAndHonoursConsent() {
    let lines = Journal<String>()
    let sink = SystemLogSink { lines.append($0) }
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: true)

    analytics.track(event: Events.signedIn)
    analytics.setEnabled(false)
    analytics.track(event: Events.promoViewed)

    XCTAssertEqual(lines.entries, ["analytics: Session Signed In {provider=email}"])
    XCTAssertFalse(sink.isEnabled)
  }

  func testSystemLogLineOnStandardErrorCarriesTheInfoPriority() {
    XCTAssertEqual(SystemLogSink.standardErrorLine("analytics: reset"), "<6>analytics: reset")
  }
}
