import DuetTelemetry
import Foundation
import XCTest

/// Opt-out is a barrier: once `setEnabled(false)` returns, nothing tracked before or after it reaches
/// a sink that honours consent — queued, buffered for a late bind, in flight, or behind a
/// quarantine — and concurrent consent calls are linearised. Stress loops, run under TSan too.
final class ConsentBarrierTests: XCTestCase {
  func testOptOutUnderLoadLeavesNothingQueuedOrInFlightForAnyVendor() {
    for _ in 0..<3 {
      let optedOut = Flag()
      let synchronous = WatchedVendor(watch: optedOut)
      let vendor = WatchedVendor(watch: optedOut, work: 2_000)
      let queued = QueuedSink(vendor, capacity: 100_000)
      let analytics = AnalyticsFanOut(sinks: [synchronous, queued], isEnabled: true) { _ in }
      let emitters = Emitters(count: 8) { index in
        analytics.track(event: TrackedEvent(subject: "Item \(index)", verb: .created))
      }
      while queued.pendingCount < 1_000 { sched_yield() }

      analytics.setEnabled(false)
      optedOut.raise()
      emitters.tracked.waitUntil(atLeast: emitters.tracked.current + 1_000)
      emitters.join()

      XCTAssertEqual(queued.flush(timeout: 30), .drained)
      XCTAssertGreaterThan(queued.purgedCount, 0, "the opt-out found events queued")
      XCTAssertEqual(vendor.leaks.current, 0, "queued events reached the vendor after the opt-out returned")
      XCTAssertEqual(synchronous.leaks.current, 0, "an event reached the synchronous sink after the opt-out returned")
    }
  }

  func testEventsBufferedBeforeAnOptOutNeverReachAVendorBoundLater() {
    let slot = DeferredSink(capacity: 1000)
    let analytics = AnalyticsFanOut(sinks: [slot], isEnabled: true)
    for index in 0..<500 {
      if index == 250 { analytics.setEnabled(true) }
      analytics.track(event: TrackedEvent(subject: "Item \(index)", verb: .created))
    }
    analytics.setEnabled(false)
    for index in 0..<100 { analytics.track(event: TrackedEvent(subject: "Later \(index)", verb: .created)) }
    let vendor = RecordingSink()

    slot.bind(to: [vendor])

    XCTAssertEqual(vendor.events.count, 0, "the user opted out before the vendor existed")
    XCTAssertEqual(vendor.calls.first, .setEnabled(false), "the opt-out supersedes the consent calls before it")
    XCTAssertEqual(vendor.calls.count, 101)
  }

  func testConcurrentConsentCallsLeaveTheFacadeAndItsSinksAgreeing() {
    var disagreements = 0
    var leaks = 0
    for trial in 0..<10_000 {
      let sink = RecordingSink()
      let analytics = AnalyticsFanOut(sinks: [RecordingSink(), RecordingSink(), sink], isEnabled: trial % 2 == 0)
      DispatchQueue.concurrentPerform(iterations: 2) { analytics.setEnabled($0 == 0) }
      if analytics.isEnabled != sink.isEnabled { disagreements += 1 }
      analytics.track(event: Events.signedIn)
      if !analytics.isEnabled && !sink.events.isEmpty { leaks += 1 }
    }
    XCTAssertEqual(disagreements, 0, "the facade reported a flag its sink did not hold")
    XCTAssertEqual(leaks, 0, "the facade said opted out, yet the next event reached the sink")
  }

  func testTrackInFlightDuringAThrowingOptOutNeverReachesTheQuarantinedSink() {
    for _ in 0..<20 {
      let optedOut = Flag()
      let vendor = WatchedVendor(watch: optedOut, throwsOnOptOut: true)
      let slowFirst = WatchedVendor(watch: Flag(), work: 20_000)
      let analytics = AnalyticsFanOut(sinks: [slowFirst, vendor], isEnabled: true) { _ in }
      let emitter = Emitters(count: 1) { index in
        analytics.track(event: TrackedEvent(subject: "Item \(index)", verb: .created))
      }
      emitter.tracked.waitUntil(atLeast: 3)

      analytics.setEnabled(false)
      optedOut.raise()
      emitter.tracked.waitUntil(atLeast: emitter.tracked.current + 5)
      emitter.join()

      XCTAssertEqual(vendor.leaks.current, 0, "an event reached the quarantined vendor after the opt-out returned")
    }
  }
}
