import Foundation
import TestSupport
import XCTest

/// Through the real executable: a huge file given to `canonical`, a folder given as the runner, and
/// absurdly nested JSON each get one short sentence.
final class HostileInputEndToEndTests: XCTestCase {
  func testCanonicalRefusesAFileOverTheSizeLimitWithoutReadingIt() throws {
    let repository = try TemporaryRepository()
    let huge = repository.root.appendingPathComponent("huge.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 1 << 30)  // sparse: 1 GiB that takes no disk
    try handle.close()
    let run = try repository.verify(["canonical", "huge.json"])
    XCTAssertEqual(run.code, 1, run.error)
    XCTAssertEqual(
      run.error,
      "duet-verify canonical: 'huge.json' is 1024 MiB, over the 64 MiB limit (the largest recording the verifier "
        + "reads), so it was not read.\n")
  }

  func testARunnerThatIsAFolderIsCalledAFolder() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try repository.verify(["verify", "--runner", "/tmp"])
    XCTAssertEqual(run.code, 2, run.error)
    assertContains(run.error, "duet-verify: runner /tmp is a folder, not an executable.")
  }

  func testTheNestingLimitErrorPrintsAShortenedPath() throws {
    let repository = try TemporaryRepository()
    try repository.write("deep.json", String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
    let run = try repository.verify(["canonical", "deep.json"])
    XCTAssertEqual(run.code, 1, run.error)
    XCTAssertTrue(run.error.hasPrefix("deep.json:1:"), run.error)
    assertContains(run.error, "nesting deeper than")
    assertContains(run.error, "[0][0][0][0]…(")
    XCTAssertLessThan(run.error.utf8.count, 200, run.error)
  }
}
