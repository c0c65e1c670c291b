import DuetTelemetry
import Foundation
import XCTest

/// A queue's opt-out: waiting events are purged, the call in flight is waited for — boundedly.
final class QueuedSinkOptOutTests: XCTestCase {
  func testOptOutPurgesWaitingEventsAndGoesAheadOfLaterCalls() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let queued = QueuedSink(base, executor: executor)
    for _ in 0..<3 { queued.track(event: Events.promoViewed) }

    queued.setEnabled(false)
    queued.track(event: Events.signedIn)
    queued.setEnabled(true)
    queued.track(event: Events.nameEdited)
    executor.runAll()
    executor.runAll()

    XCTAssertEqual(
      base.calls, [.setEnabled(false), .track(Events.signedIn), .setEnabled(true), .track(Events.nameEdited)])
    XCTAssertEqual(base.events, [Events.nameEdited], "nothing from before the opt-out, even after the opt-in")
    XCTAssertEqual(queued.purgedCount, 3)
  }

  func testOptOutWaitsForTheCallInFlightButNoLongerThanOptOutWait() {
    let hung = HeldSink()
    let queued = QueuedSink(hung.recording, optOutWait: 0.05)
    queued.track(event: Events.signedIn)
    XCTAssertEqual(hung.entered.wait(timeout: .now() + 30), .success)
    let started = Date()

    queued.setEnabled(false)

    let waited = Date().timeIntervalSince(started)
    XCTAssertGreaterThanOrEqual(waited, 0.04, "the opt-out waited for the call in flight")
    XCTAssertLessThan(waited, 10, "and returned while the vendor was still hung")
    hung.release.signal()
    XCTAssertEqual(queued.flush(timeout: 30), .drained)
    XCTAssertEqual(hung.recording.calls.last, .setEnabled(false))
  }
}
