import DuetCore
import XCTest

@testable import DuetVerify

/// `summary.json` writes its list of recording names straight into bytes: the file must be byte for
/// byte what the canonical pretty encoder writes for the same record.
final class SummaryReportTests: XCTestCase {
  func testASummaryIsTheCanonicalPrettyEncodingOfItsRecord() throws {
    let names = ["counter", "counter.tap", "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "odd \"name\"\n", "Ünïcode"]
    let fixtures = names.enumerated().map { index, name in
      FixtureResult(
        name: name, kind: .leaf, file: "fixtures/\(name).fixture.json", stepCount: 2,
        failure: index == 1 ? FixtureFailure(reason: .runnerFault, detail: "gone") : nil)
    }
    var runs = [
      RunResult(fixtures: []),
      RunResult(fixtures: Array(fixtures.prefix(1))),
      RunResult(fixtures: fixtures, lintProblems: [LintProblem(file: "manifest.yaml", line: 3, message: "names:")]),
    ]
    runs[2].arguments.values[.manifest] = ["\n  \"names\": []"]
    for run in runs {
      let record = RunRecord(run)
      XCTAssertEqual(
        String(decoding: try SummaryReport.bytes(record), as: UTF8.self), try RunsFolder.pretty(record),
        "\(record.names)")
    }
  }
}
