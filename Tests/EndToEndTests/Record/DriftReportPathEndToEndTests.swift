import Foundation
import TestSupport
import XCTest

/// `record --check --junit` writes only where it was asked, as `verify`'s reports do: never into
/// the recordings, never out of the repository through a committed link.
final class DriftReportPathEndToEndTests: RecordedTestCase {
  func testRecordCheckRefusesAJUnitReportIntoTheRecordingsFolder() throws {
    let run = try repository.duet(["record", "--check", "--junit", "fixtures/check.fixture.json"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(repository.snapshot(), recorded, "a report was written among the recordings")
    assertContains(
      run.error,
      "the JUnit report you asked for was not written, so the check fails: fixtures/check.fixture.json is not "
        + "written: it is inside the recordings folder (fixtures), and a report never goes there.")
  }

  func testRecordCheckRefusesAJUnitReportThroughALinkLeavingTheRepository() throws {
    let outside = try OutsideFolder()
    try outside.link("reports", under: repository.root)
    let before = outside.snapshot()
    let run = try repository.duet(["record", "--check", "--junit", "reports/check.xml"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(outside.snapshot(), before, "nothing is written outside the repository")
    assertContains(run.error, "reports/check.xml is not written: reports is a link that leads outside the repository")
  }
}
