import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Through the real executable: a report goes only where the user asked. A committed link cannot
/// carry a requested report or `.runs/` out of the repository, no requested report lands on a
/// recording or the manifest, and `explain` reads only this repository's own report.
final class ReportPathEndToEndTests: HostileRepositoryTestCase {
  func testAJUnitReportIntoACommittedLinkLeavingTheRepositoryIsRefused() throws {
    try outside.link("reports", under: repository.root)
    let before = outside.snapshot()
    let run = try verify(["--junit", "reports/junit.xml"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(outside.snapshot(), before, "nothing is written outside the repository")
    assertContains(
      run.error,
      "duet-verify: the JUnit report you asked for was not written, so the run fails: reports/junit.xml is not "
        + "written: reports is a link that leads outside the repository (to \(outside.url.path)). Give the report's "
        + "absolute path if that is where you want it, or a path inside the repository.")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testAnHTMLReportIntoALinkLeavingTheRepositoryIsWrittenWhenGivenAbsolutely() throws {
    try outside.link("reports", under: repository.root)
    let path = repository.root.appendingPathComponent("reports/parity.html").path
    let run = try verify(["--html", path])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertNotNil(outside.snapshot()["parity.html"], "an absolute path is where the user asked")
  }

  func testAJUnitReportOverANamedPipeReplacesItWithANote() throws {
    let path = repository.root.appendingPathComponent("junit.xml").path
    XCTAssertEqual(mkfifo(path, 0o644), 0)
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["verify", "--runner", runner, "--junit", "junit.xml"],
      in: repository.root, deadline: 40)
    XCTAssertEqual(run.code, 0, run.all)
    assertContains(try repository.read("junit.xml"), "<testsuite ")
    assertContains(
      run.error,
      "duet-verify: \(repository.root.path)/junit.xml was a named pipe; duet-verify replaced that entry (without "
        + "writing into it) by a fresh file.")
  }

  func testAJUnitReportOntoARecordingIsRefused() throws {
    let recordings = RecordingsSnapshot(repository.root)
    let run = try verify(["--junit", "fixtures/counter.fixture.json"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(RecordingsSnapshot(repository.root), recordings)
    assertContains(
      run.error,
      "fixtures/counter.fixture.json is not written: it is inside the recordings folder (fixtures), and a report "
        + "never goes there. Give a report path outside fixtures.")
  }

  func testANewReportFileInsideTheRecordingsFolderIsRefused() throws {
    let run = try verify(["--junit", "fixtures/x.fixture.json"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: repository.root.appendingPathComponent("fixtures/x.fixture.json").path))
  }

  func testAnHTMLReportOntoTheManifestIsRefused() throws {
    let manifest = try repository.read("manifest.yaml")
    let run = try verify(["--html", "manifest.yaml"])
    XCTAssertEqual(run.code, 1, run.all)
    XCTAssertEqual(try repository.read("manifest.yaml"), manifest)
    assertContains(
      run.error,
      "manifest.yaml is not written: it is the manifest, and a report never replaces it. Give another report path.")
  }

  func testExplainRefusesARunsFolderThatIsALinkToAnotherRepositorysReport() throws {
    let other = try TemporaryRepository.counterCorpus(chain: false)
    try other.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    XCTAssertEqual(try other.verify(["verify", "--runner", runner]).code, 1)
    try outside.link(".runs", under: repository.root, to: other.root.appendingPathComponent(".runs"))
    let explained = try repository.verify(["explain"])
    XCTAssertEqual(explained.code, 2, explained.all)
    XCTAssertFalse(explained.out.contains("counter"), "another repository's report was shown: " + explained.out)
    assertContains(
      explained.error,
      "duet-verify explain: .runs is a link, and duet-verify reads only the report it wrote itself. Remove it "
        + "(rm .runs) and run verify again.")
  }

  func testAParityLinkToAnOutsideFolderNeverGetsRunsWrittenThere() throws {
    let repository = try TemporaryRepository()
    let parity = outside.url.appendingPathComponent("parity-files")
    try FileManager.default.createDirectory(at: parity, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: self.repository.root.appendingPathComponent("fixtures"), to: parity.appendingPathComponent("fixtures"))
    try FileManager.default.copyItem(
      at: self.repository.root.appendingPathComponent("manifest.yaml"),
      to: parity.appendingPathComponent("manifest.yaml"))
    try outside.link("parity", under: repository.root, to: parity)
    let run = try repository.verify(["verify", "--runner", runner])
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: parity.appendingPathComponent(".runs").path),
      "the run report was written outside the repository: " + run.all)
    assertContains(
      run.error,
      "duet-verify: the run report (.runs/verify/) was not written: parity is a link that leads outside the "
        + "repository (to \(parity.path)), and duet-verify writes .runs/ only inside it.")
  }
}
