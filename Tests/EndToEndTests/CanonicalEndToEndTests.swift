import Foundation
import TestSupport
import XCTest

/// `duet-verify canonical`: its limits hold for standard input as for a file.
final class CanonicalEndToEndTests: XCTestCase {
  /// Standard input one byte over the recording size limit is refused with a sentence, as a file
  /// that size is (it was read whole, however large, then parsed).
  func testStandardInputPastTheSizeLimitIsRefusedNotReadToItsEnd() throws {
    let folder = try TemporaryFolder(prefix: "duet-canonical-e2e")
    let input = folder.url.appendingPathComponent("large.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: input.path, contents: nil))
    let writer = try FileHandle(forWritingTo: input)
    try writer.truncate(atOffset: UInt64(64 << 20) + 1)  // sparse: one byte past the limit, no disk used
    try writer.close()
    let (process, out, error) = CommandRun.prepare(
      try BuiltProducts.executable(named: "duet-verify"), ["canonical", "-"], in: folder.url)
    process.standardInput = try FileHandle(forReadingFrom: input)
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    let streams = CommandRun.drain(out, error)
    process.waitUntilExit()
    watchdog.cancel()
    XCTAssertEqual(process.terminationStatus, 1, streams.error)
    XCTAssertEqual(streams.out, "")
    XCTAssertEqual(
      streams.error,
      "duet-verify canonical: standard input passed the 64 MiB limit (the largest recording the verifier reads), so "
        + "it was not read. Give it a smaller document.\n")
  }
}
