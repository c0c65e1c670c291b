import Foundation
import TestSupport
import XCTest

/// The recordings the end-to-end tests copy (`Tests/Fixtures/demo`) are the repository's own: a fresh
/// clone has them, and they are exactly what `demo-runner` records from `Sources/DemoFeatures` today,
/// so a change to a demo feature that leaves them stale fails here with the command that re-records.
final class DemoRecordingsEndToEndTests: XCTestCase {
  func testTheCommittedDemoRecordingsAreWhatDemoRunnerRecords() throws {
    let repository = try TemporaryRepository()
    let files = FileManager.default
    try files.copyItem(
      at: DemoRecordings.folder.appendingPathComponent("fixtures"),
      to: repository.root.appendingPathComponent("fixtures"))
    try files.copyItem(
      at: DemoRecordings.folder.appendingPathComponent("manifest.yaml"),
      to: repository.root.appendingPathComponent("manifest.yaml"))
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let run = try repository.verify(["record", "--check", "--runner", runner])
    XCTAssertEqual(
      run.code, 0,
      "Tests/Fixtures/demo drifted from demo-runner; re-record it as its manifest.yaml says.\n" + run.out + run.error)
    assertContains(run.out, "0 metadata-only, 6 identical (6 recordings)")
  }

}
