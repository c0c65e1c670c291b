import DuetTelemetry
import XCTest

/// The queued sink's bound, overflow policy, dropped counter and flush.
final class QueuedSinkBoundsTests: XCTestCase {
  func testFullQueueDropsNewEventsAndCountsThem() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let queued = QueuedSink(base, capacity: 2, executor: executor)
    let events = (0..<5).map { TrackedEvent(subject: "Item \($0)", verb: .created) }

    for event in events { queued.track(event: event) }
    executor.runAll()

    XCTAssertEqual(base.events, Array(events.prefix(2)), "the oldest keep their place; the newest are dropped")
    XCTAssertEqual(queued.droppedCount, 3)
  }

  func testBurstToAStuckSinkStaysBounded() {
    let executor = ManualExecutor()
    let queued = QueuedSink(RecordingSink(), capacity: 1000, executor: executor)

    for index in 0..<100_000 { queued.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }

    XCTAssertEqual(queued.pendingCount, 1000)
    XCTAssertEqual(queued.droppedCount, 99_000)
    XCTAssertEqual(executor.pendingCount, 1, "one delivery job, not one per call")
  }

  func testConsentChangesAreNeverDroppedAndCollapseWhileWaiting() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let queued = QueuedSink(base, capacity: 1, executor: executor)

    queued.track(event: Events.promoViewed)
    queued.track(event: Events.signedIn)
    for index in 0..<1000 { queued.setEnabled(index % 2 == 0) }
    executor.runAll()

    // The first opt-out purged the waiting event; the consent calls collapsed into the last.
    XCTAssertEqual(base.calls, [.setEnabled(false)])
    XCTAssertEqual(queued.droppedCount, 1)
    XCTAssertEqual(queued.purgedCount, 1)
  }

  func testFlushWaitsUntilEverythingQueuedBeforeItIsDelivered() {
    let base = RecordingSink()
    let queued = QueuedSink(base)
    let events = (0..<500).map { TrackedEvent(subject: "Item \($0)", verb: .created) }

    for event in events { queued.track(event: event) }

    XCTAssertEqual(queued.flush(timeout: 30), .drained)
    XCTAssertEqual(base.events, events)
  }

  func testFanOutFlushReachesTheQueuedSinksBehindIt() {
    let vendor = RecordingSink()
    let analytics = AnalyticsFanOut(sinks: [ConsoleSink { _ in }, QueuedSink(vendor)])

    for _ in 0..<100 { analytics.track(event: Events.signedIn) }

    XCTAssertEqual(analytics.flush(timeout: 30), .drained)
    XCTAssertEqual(vendor.events.count, 100)
  }

  func testFlushTimesOutNamingWhatIsStillQueued() {
    let queued = QueuedSink(RecordingSink(), executor: ManualExecutor())
    queued.track(event: Events.signedIn)

    XCTAssertEqual(queued.flush(timeout: 0.05), .timedOut(pending: 1))
  }

  func testFlushFromInsideTheQueuedSinksOwnDeliveryIsRefusedWithASentence() {
    let outcome = Journal<FlushOutcome>()
    let done = expectation(description: "the sink ran")
    let holder = Journal<QueuedSink>()
    let base = RecordingSink { _ in
      if let queued = holder.entries.first { outcome.append(queued.flush(timeout: 5)) }
      done.fulfill()
    }
    let queued = QueuedSink(base)
    holder.append(queued)

    queued.track(event: Events.signedIn)

    wait(for: [done], timeout: 10)
    guard case .refused(let reason) = outcome.entries.first else {
      return XCTFail("expected a refusal, got \(outcome.entries)")
    }
    XCTAssertEqual(
      reason,
      "flush was called from inside RecordingSink's own delivery, where waiting would deadlock (the queue cannot "
        + "deliver while it waits); call flush from the composition root or any other thread.")
  }

  func testSerialQueueExecutorRefusesToWaitOnItself() {
    let executor = SerialQueueExecutor()
    let answer = Journal<Bool>()
    let done = expectation(description: "the job ran")
    executor.submit {
      answer.append(executor.waitUntilIdle())
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(answer.entries, [false])
    XCTAssertTrue(executor.waitUntilIdle())
  }
}
