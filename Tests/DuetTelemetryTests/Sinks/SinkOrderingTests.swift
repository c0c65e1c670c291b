import DuetTelemetry
import XCTest

/// A sink that writes state another reads must run first; when both are queued they share a queue
/// by sitting in one fan-out behind one `QueuedSink` (docs/telemetry.md).
final class SinkOrderingTests: XCTestCase {
  func testReaderAfterAQueuedWriterSeesTheWritersStateWhenTheyShareOneQueue() {
    let count = Journal<Int>()
    let writer = RecordingSink { call in if case .track = call { count.append(1) } }
    let seen = Journal<Int>()
    let reader = RecordingSink { call in if case .track = call { seen.append(count.entries.count) } }
    let analytics = AnalyticsFanOut(
      sinks: [QueuedSink(AnalyticsFanOut(sinks: [writer, reader])), ConsoleSink { _ in }], isEnabled: true)

    for _ in 0..<200 { analytics.track(event: Events.signedIn) }

    XCTAssertEqual(analytics.flush(timeout: 30), .drained)
    XCTAssertEqual(seen.entries, Array(1...200), "each read sees exactly the writes before it")
  }
}
