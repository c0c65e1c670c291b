import DuetTelemetry
import XCTest

final class QueuedSinkTests: XCTestCase {
  func testCallsReturnBeforeTheWrappedSinkRuns() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let queued = QueuedSink(base, executor: executor)

    queued.track(event: Events.signedIn)

    XCTAssertEqual(base.calls, [])
    XCTAssertEqual(executor.pendingCount, 1)
  }

  func testHeldCallsReachTheWrappedSinkInOrder() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let queued = QueuedSink(base, executor: executor)

    queued.setEnabled(true)
    queued.track(event: Events.signedIn)
    queued.identify(uid: "u-1")
    queued.track(event: Events.promoViewed)
    queued.reset()
    executor.runAll()

    XCTAssertEqual(
      base.calls,
      [.setEnabled(true), .track(Events.signedIn), .identify(uid: "u-1"), .track(Events.promoViewed), .reset])
  }

  func testSerialQueuePreservesOrderOffTheCallersThread() {
    let count = 200
    let allArrived = expectation(description: "every event reached the sink")
    let tally = Journal<Int>()
    let base = RecordingSink { call in
      tally.append(1)
      if tally.entries.count == count { allArrived.fulfill() }
    }
    let queued = QueuedSink(base)
    let events = (0..<count).map { TrackedEvent(subject: "Item \($0)", verb: .created) }

    for event in events { queued.track(event: event) }

    wait(for: [allArrived], timeout: 5)
    XCTAssertEqual(base.events, events)
  }

  func testFailureOnTheQueueIsReportedUnderTheWrappedSinksName() {
    let executor = ManualExecutor()
    let failures = Journal<SinkFailure>()
    let queued = QueuedSink(ThrowingSink(), executor: executor) { failures.append($0) }

    queued.track(event: Events.promoViewed)
    XCTAssertEqual(failures.entries.count, 0)
    executor.runAll()

    XCTAssertEqual(failures.entries.map(\.sink), ["ThrowingSink"])
    XCTAssertEqual(failures.entries.map(\.call), [.track(Events.promoViewed)])
  }

  func testQueuedSinkStillReceivesTheFanOutSeedFirst() {
    let executor = ManualExecutor()
    let base = RecordingSink()
    let fanOut = AnalyticsFanOut(sinks: [QueuedSink(base, executor: executor)], isEnabled: false)

    fanOut.track(event: Events.signedIn)
    executor.runAll()

    XCTAssertEqual(base.calls, [.setEnabled(false), .track(Events.signedIn)])
    XCTAssertEqual(base.events, [])
  }
}
