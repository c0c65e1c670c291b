import XCTest

@testable import DuetVerify

/// The log's progress line reads as a person counts: thousands grouped, failures said.
final class LogProgressTests: XCTestCase {
  func testTheLineGroupsThousandsAndCountsFailures() {
    XCTAssertEqual(
      LogProgress.line(done: 4_210, total: 10_000, failing: 1), "replayed 4,210/10,000 recordings, 1 failing")
    XCTAssertEqual(LogProgress.line(done: 0, total: 1, failing: 0), "replayed 0/1 recording, 0 failing")
    XCTAssertEqual(LogProgress.grouped(1_234_567), "1,234,567")
    XCTAssertEqual(LogProgress.grouped(999), "999")
  }
}
