import DuetTelemetry
import Foundation
import XCTest

/// A queue never holds more than its `capacity`: the call being delivered counts.
final class QueuedSinkCapacityTests: XCTestCase {
  func testTheCallInFlightCountsAgainstTheCapacity() {
    let held = HeldSink(holdingAt: "First")
    let queued = QueuedSink(held.recording, capacity: 10)
    queued.track(event: TrackedEvent(subject: "First", verb: .created))
    XCTAssertEqual(held.entered.wait(timeout: .now() + 30), .success)

    for index in 0..<100 { queued.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }

    XCTAssertEqual(queued.pendingCount, 10, "nine waiting and one in flight")
    XCTAssertEqual(queued.droppedCount, 91)
    held.release.signal()
    XCTAssertEqual(queued.flush(timeout: 30), .drained)
    XCTAssertEqual(held.recording.events.count, 10)
  }
}
