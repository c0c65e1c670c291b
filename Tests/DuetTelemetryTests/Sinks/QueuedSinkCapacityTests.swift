import DuetTelemetry
import Foundation
import XCTest

/// A queue never holds more than its `capacity`: the call being delivered counts.
final class QueuedSinkCapacityTests: XCTestCase {
  func testTheCallInFlightCountsAgainstTheCapacity() {
    let reached = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let base = RecordingSink { call in
      guard case .track(let event) = call, event.subject == "First" else { return }
      reached.signal()
      _ = release.wait(timeout: .now() + 30)
    }
    let queued = QueuedSink(base, capacity: 10)
    queued.track(event: TrackedEvent(subject: "First", verb: .created))
    XCTAssertEqual(reached.wait(timeout: .now() + 30), .success)

    for index in 0..<100 { queued.track(event: TrackedEvent(subject: "Item \(index)", verb: .created)) }

    XCTAssertEqual(queued.pendingCount, 10, "nine waiting and one in flight")
    XCTAssertEqual(queued.droppedCount, 91)
    release.signal()
    XCTAssertEqual(queued.flush(timeout: 30), .drained)
    XCTAssertEqual(base.events.count, 10)
  }
}
