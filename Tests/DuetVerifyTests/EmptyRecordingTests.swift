import Foundation
import XCTest

@testable import DuetVerify

/// A recording with no steps replays nothing, so it can never be a pass.
final class EmptyRecordingTests: FolderTestCase {
  func testARecordingWithoutStepsIsRefusedByLint() throws {
    try folder.write(
      "fixtures/counter.fixture.json",
      "{\n  \"dialect\": 2,\n  \"feature\": \"counter\",\n  \"initialState\": {\n    \"count\": 0\n  },\n  \"steps\": []\n}\n"
    )
    let problems = try lint("features:\n  counter:\n    fixtures:\n      - counter\n")
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(
      problems.first?.contains("steps is empty: a recording without steps pins no behaviour") == true, "\(problems)")
  }
}
