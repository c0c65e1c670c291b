import Foundation
import TestSupport
import XCTest

/// The verdict is decided once, before anything renders: when a report the user asked for cannot
/// be written, every output of the run states the failure, not only the exit code.
final class ReportOutputsEndToEndTests: XCTestCase {
  func testAnUnwritableJUnitReportFailsTheVerdictOfEveryOutput() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try BuiltProducts.executable(named: "demo-runner").path
    let run = try repository.verify(["verify", "--json", "--runner", runner, "--junit", "manifest.yaml/report.xml"])
    XCTAssertEqual(run.code, 1, run.all)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], run.out)
    let summary = try XCTUnwrap(object["summary"] as? [String: Any])
    XCTAssertEqual(summary["passed"] as? Int, 3, "the recordings passed")
    XCTAssertEqual(summary["verdict"] as? String, "fail", "the run did not")
    let stored = try repository.read(".runs/verify/summary.json")
    assertContains(stored, "\"verdict\": \"fail\"")
  }
}
