import Foundation
import TestSupport
import XCTest

/// docs/manifest.md: lines end in LF or CRLF, and a CRLF line is one line, never merged with the next
/// ("\r\n" is a single Character in Swift, so splitting on "\n" alone would miss it).
final class ManifestLineEndingEndToEndTests: XCTestCase {
  func testAManifestWrittenWithCRLFLinesVerifies() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let manifest = try repository.read("manifest.yaml")
    try repository.write("manifest.yaml", manifest.replacingOccurrences(of: "\n", with: "\r\n"))
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let run = try repository.verify(["verify", "--jobs", "1", "--runner", "'\(runner)'"])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "duet-verify: 3/3 fixtures passed")
  }

  func testACRLFLineNeverSwallowsTheLineAfterIt() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write(
      "manifest.yaml",
      "features:\n  counter:\n    fixtures:\n      - counter\r\n    this line is not in the grammar\n"
        + "      - counter-endings.changes-its-mind\n      - counter-endings.keeps-counting\n")
    let run = try repository.failingLint()
    XCTAssertTrue(run.out.contains("manifest.yaml:5: "), run.out + run.error)
  }
}
