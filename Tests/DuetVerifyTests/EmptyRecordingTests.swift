import Foundation
import XCTest

@testable import DuetVerify

/// A recording with no steps replays nothing, so it can never be a pass.
final class EmptyRecordingTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder = nil
  }

  func testARecordingWithoutStepsIsRefusedByLint() throws {
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixtures:\n      - counter\n")
    try folder.write(
      "fixtures/counter.fixture.json",
      "{\n  \"dialect\": 2,\n  \"feature\": \"counter\",\n  \"initialState\": {\n    \"count\": 0\n  },\n  \"steps\": []\n}\n"
    )
    let location = ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml"))
    let read = ManifestReader.load(location)
    let problems = Linter(
      corpus: Corpus(manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: location))
    )
    .run().problems.map(\.description)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(
      problems.first?.contains("steps is empty: a recording without steps pins no behaviour") == true, "\(problems)")
  }
}
