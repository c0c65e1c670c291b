import DuetCore
import Foundation
import XCTest

@testable import DuetVerify

/// A passed recording's report is written by a dedicated writer: it must be byte for byte what the
/// canonical pretty encoder writes for the result without its step list, and `explain` still counts
/// its steps.
final class PassingReportTests: XCTestCase {
  func testAPassingReportIsTheCanonicalPrettyEncodingOfItsSlimmedResult() throws {
    let results = [
      FixtureResult(name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", stepCount: 1),
      FixtureResult(
        name: "counter.tap", kind: .leaf, feature: "counter", file: "fixtures/counter.tap.fixture.json",
        scenarioSource: "Tests/Counter \"odd\"\\\u{1}\tü.swift", stepCount: 3,
        steps: (0..<3).map { StepResult(index: $0, label: "tap \($0)", line: 4 + $0, passed: true) },
        durationMillis: 1_234_567),
      FixtureResult(
        name: "chain-root", kind: .chain, feature: "6F9619FF-8B86-D011-B42D-00CF4FC964FF", file: "x\n.json",
        steps: [StepResult(index: 0, node: "root", passed: true)], durationMillis: 0),
      FixtureResult(
        name: "6f9619ff-8b86-d011-b42d-00cf4fc964ff", kind: .leaf, feature: "ABCDEFAB-8B86-D011-B42D-00CF4FC964F",
        file: "Fixtures/Upper Case.fixture.json", scenarioSource: "Sources/BenchFeature/BenchCorpus.swift",
        stepCount: 10, durationMillis: -3),
    ]
    for result in results {
      let written = try XCTUnwrap(PassingReport.bytes(result))
      XCTAssertEqual(
        String(decoding: written, as: UTF8.self), try CanonicalEncoder().pretty(result.slimmed), result.name)
    }
  }

  func testAFailedResultIsLeftToTheEncoder() {
    let failed = FixtureResult(
      name: "counter", kind: .leaf, file: "f", failure: FixtureFailure(reason: .runnerFault, detail: "gone"))
    XCTAssertNil(PassingReport.bytes(failed))
  }

  func testExplainOfAPassingRecordingCountsItsSteps() throws {
    let folder = try TemporaryFolder()
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixtures:\n      - a\n")
    let runs = RunsFolder(location: ManifestLocation(file: folder.url.appendingPathComponent("manifest.yaml")))
    let steps = (0..<4).map { StepResult(index: $0, passed: true) }
    try runs.write(RunResult(fixtures: [FixtureResult(name: "a", kind: .leaf, file: "f", stepCount: 4, steps: steps)]))
    let explained = CapturedOutput.run(["explain", "a"], in: folder.url)
    XCTAssertEqual(explained.code, .passed)
    XCTAssertEqual(explained.out, "duet-verify explain: 'a' passed in the last run (4 steps).\n")
  }
}
