import XCTest

@testable import DuetVerify

/// `--timings FILE`: measured durations are the cost; a recording the file does not know is costed
/// by its size at the file's own milliseconds per byte, so it neither vanishes nor dominates.
final class TimingsTests: XCTestCase {
  func testAnUnmeasuredRecordingIsCostedByItsSizeAtTheMeasuredRate() {
    let timings = Timings(durationsMillis: ["a": 100, "b": 300])
    let sizes = ["a": 1_000, "b": 1_000, "new": 4_000]
    let cost = timings.cost { sizes[$0] }
    XCTAssertEqual(cost("a"), 100, accuracy: 0.001)
    XCTAssertEqual(cost("b"), 300, accuracy: 0.001)
    XCTAssertEqual(cost("new"), 800, accuracy: 0.001, "4,000 bytes at 400 ms per 2,000 bytes")
  }

  func testARunsTimingsKeepEachRecordingsSlowestLane() {
    XCTAssertEqual(Timings(measured: [("a", 5), ("a", 9)]).durationsMillis, ["a": 9])
    XCTAssertEqual(Timings(measured: [("a", 5)]).rendered, #"{"durationsMillis":{"a":5}}"# + "\n")
  }
}
