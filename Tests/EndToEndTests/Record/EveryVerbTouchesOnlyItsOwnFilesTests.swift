import Foundation
import TestSupport
import XCTest

/// The final check of the reliability work: no verb creates, changes or deletes a file outside
/// `.runs/` and the recordings it was asked to write.
final class EveryVerbTouchesOnlyItsOwnFilesTests: XCTestCase {
  func testNoVerbTouchesAFileOutsideRunsAndItsRecordings() throws {
    let repository = try RecordRepository()
    try repository.duet(["record"])
    let recording = repository.fixture("counter").path
    let verbs: [[String]] = [
      ["verify"], ["verify", "--json"], ["record", "--check"], ["record"], ["explain"], ["explain", "counter#1"],
      ["lint"], ["taxonomy"], ["taxonomy", "--markdown"], ["canonical", recording],
      ["canonical", "--pretty", recording],
    ]
    let before = outsideRuns(repository)
    for verb in verbs {
      let withRunner = ["verify", "record", "explain"].contains(verb[0]) && verb != ["explain"]
      let run =
        withRunner
        ? try repository.duet(verb) : try CommandRun.run(repository.duetVerify, verb, in: repository.root)
      XCTAssertNotEqual(run.code, 2, "\(verb): \(run.all)")
      XCTAssertEqual(outsideRuns(repository), before, "duet-verify \(verb.joined(separator: " ")) touched a file")
    }
    try repository.edit("counter", replacing: "\"count\": 1", with: "\"count\": 5")
    var expected = outsideRuns(repository)
    try repository.duet(["record", "--feature", "counter"])
    expected["fixtures/counter.fixture.json"] = before["fixtures/counter.fixture.json"]
    XCTAssertEqual(outsideRuns(repository), expected, "record rewrites only the recording that changed")
  }

  /// Every file outside `.runs/`, by relative path.
  func outsideRuns(_ repository: RecordRepository) -> [String: Data] {
    repository.tree().filter { !$0.key.hasPrefix(".runs/") }
  }
}
