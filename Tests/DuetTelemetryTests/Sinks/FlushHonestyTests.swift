import DuetTelemetry
import Foundation
import XCTest

/// `flush` says `.drained` only when every call made before it reached every sink — through
/// re-binds and nested queues — and otherwise how many are still pending, for any timeout.
final class FlushHonestyTests: XCTestCase {
  func testFlushAfterARebindWaitsForWhatTheOldQueueStillHolds() {
    let oldExecutor = ManualExecutor()
    let oldVendor = RecordingSink()
    let slot = DeferredSink(capacity: 1000)
    let analytics = AnalyticsFanOut(sinks: [slot], isEnabled: true)
    slot.bind(to: [QueuedSink(oldVendor, executor: oldExecutor)])
    for index in 0..<2_000 { analytics.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }
    slot.bind(to: [QueuedSink(RecordingSink())])

    XCTAssertEqual(analytics.flush(timeout: 0.05), .timedOut(pending: 2_001), "the seed and 2,000 events wait")
    oldExecutor.runAll()

    XCTAssertEqual(analytics.flush(timeout: 30), .drained)
    XCTAssertEqual(oldVendor.events.count, 2_000)
  }

  func testFlushThroughAQueueWrappingAFanOutWaitsForTheInnerQueue() {
    let outerExecutor = ManualExecutor()
    let innerExecutor = ManualExecutor()
    let vendor = RecordingSink()
    let inner = QueuedSink(vendor, executor: innerExecutor)
    let outer = QueuedSink(AnalyticsFanOut(sinks: [inner]), executor: outerExecutor)
    for index in 0..<2_000 { outer.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }
    outerExecutor.runAll()

    XCTAssertEqual(outer.flush(timeout: 0.05), .timedOut(pending: 2_001), "the inner queue holds its seed and 2,000")
    innerExecutor.runAll()

    XCTAssertEqual(outer.flush(timeout: 0), .drained)
    XCTAssertEqual(vendor.events.count, 2_000)
  }

  func testTimedOutCountsExactlyTheCallsNotYetDelivered() {
    let held = HeldSink(holdingAt: "Item 30")
    let queued = QueuedSink(held.recording)
    for index in 0..<100 { queued.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }
    XCTAssertEqual(held.entered.wait(timeout: .now() + 30), .success)

    XCTAssertEqual(queued.flush(timeout: 0.02), .timedOut(pending: 70), "30 delivered, the 31st in flight")
    held.release.signal()
    XCTAssertEqual(queued.flush(timeout: 30), .drained)
  }

  func testFlushWithAnInfiniteOrHugeTimeoutWaitsUntilDrained() {
    let vendor = RecordingSink()
    let analytics = AnalyticsFanOut(sinks: [QueuedSink(vendor)], isEnabled: true)
    for timeout in [TimeInterval.infinity, 1e10, .greatestFiniteMagnitude] {
      for _ in 0..<100 { analytics.track(event: Events.signedIn) }

      XCTAssertEqual(analytics.flush(timeout: timeout), .drained, "timeout \(timeout)")
    }
    XCTAssertEqual(vendor.events.count, 300)
  }

  func testQueuedSinkFlushWithAHugeTimeoutDoesNotTrap() {
    let queued = QueuedSink(RecordingSink())
    queued.track(event: Events.signedIn)

    XCTAssertEqual(queued.flush(timeout: 1e10), .drained)
    XCTAssertEqual(queued.flush(timeout: .infinity), .drained)
  }

  func testZeroNegativeAndNaNTimeoutsReportWithoutWaiting() {
    let queued = QueuedSink(RecordingSink(), executor: ManualExecutor())
    let analytics = AnalyticsFanOut(sinks: [queued], isEnabled: true)
    analytics.track(event: Events.signedIn)

    for timeout in [0, -1, -TimeInterval.infinity, .nan, -.greatestFiniteMagnitude] {
      XCTAssertEqual(analytics.flush(timeout: timeout), .timedOut(pending: 2), "timeout \(timeout)")
      XCTAssertEqual(queued.flush(timeout: timeout), .timedOut(pending: 2), "timeout \(timeout)")
    }
  }

  func testFlushFromAnotherThreadDuringABindsReplayWaitsForItInsteadOfRefusing() {
    let slot = DeferredSink()
    for index in 0..<10 { slot.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }
    let outcome = Journal<FlushOutcome>()
    let flushed = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let started = Flag()
    let vendor = RecordingSink { _ in
      guard !started.isRaised else { return }
      started.raise()
      Thread.detachNewThread {
        outcome.append(slot.flush(timeout: 30))
        flushed.signal()
        finished.signal()
      }
      // Give the flushing thread a bounded moment to arrive while the replay is under way.
      _ = flushed.wait(timeout: .now() + 0.2)
    }

    slot.bind(to: [vendor])
    XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)

    XCTAssertEqual(outcome.entries, [.drained])
    XCTAssertEqual(vendor.events.count, 10)
  }

  func testFlushFromInsideTheReplayIsRefusedWithASentence() {
    let slot = DeferredSink()
    slot.track(event: Events.signedIn)
    let outcome = Journal<FlushOutcome>()
    let vendor = RecordingSink { _ in outcome.append(slot.flush(timeout: 5)) }

    slot.bind(to: [vendor])

    XCTAssertEqual(
      outcome.entries.first,
      .refused(
        "flush was called from inside the deferred sink's replay, where waiting would deadlock (the replay cannot "
          + "go on while it waits); call flush after bind(to:) returns."))
    XCTAssertEqual(slot.flush(timeout: 5), .drained)
  }
}
