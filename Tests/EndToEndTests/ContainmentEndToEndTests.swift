import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Through the real executable: a recording that leads outside the repository, a huge one, or a
/// named pipe is refused with a sentence, and every other recording is still verified.
final class ContainmentEndToEndTests: XCTestCase {
  var outside: URL!

  override func setUpWithError() throws {
    outside = FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let outside { try? FileManager.default.removeItem(at: outside) }
    super.tearDown()
  }

  func testARecordingLinkedOutsideFailsAloneAndTheOthersAreVerified() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let recording = repository.root.appendingPathComponent("fixtures/counter.fixture.json")
    let moved = outside.appendingPathComponent("counter.fixture.json")
    try FileManager.default.moveItem(at: recording, to: moved)
    try FileManager.default.createSymbolicLink(at: recording, withDestinationURL: moved)
    let run = try repository.verify(["verify", "--runner", try BuiltProducts.executable(named: "demo-runner").path])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.out,
      "✗ fixture 'counter' — recording unreadable\n  fixtures/counter.fixture.json: is a link leading outside the "
        + "repository (to \(moved.path)), so it was not read.")
    assertContains(run.out, "duet-verify: 2/3 fixtures passed")
  }

  func testLintRefusesAHugeRecordingAndANamedPipeWithoutReadingThem() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let fixtures = repository.root.appendingPathComponent("fixtures")
    let huge = try FileHandle(forWritingTo: fixtures.appendingPathComponent("counter.fixture.json"))
    try huge.truncate(atOffset: 65 << 20)
    try huge.close()
    let pipe = fixtures.appendingPathComponent("counter-endings.keeps-counting.fixture.json")
    try FileManager.default.removeItem(at: pipe)
    XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
    let run = try repository.failingLint()
    XCTAssertEqual(
      run.out,
      """
      ✗ fixtures/counter.fixture.json: is 65 MiB, over the 64 MiB limit for one recording, so it was not loaded. \
      Split the scenario into smaller branches and re-record.
      ✗ fixtures/counter-endings.keeps-counting.fixture.json: is a named pipe, not a recording file, so it was not \
      read. Remove it and record the fixture with duet-verify record.
      duet-verify lint: FAIL (2 problems)

      """)
  }
}
