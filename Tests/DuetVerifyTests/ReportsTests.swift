import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reporters render the same typed run: summary, JSON, JUnit, annotations, `.runs/`, colour.
final class ReportsTests: XCTestCase {
  let failing = FixtureResult(
    name: "counter", kind: .leaf, feature: "counter", file: "fixtures/counter.fixture.json",
    scenarioSource: "Tests/Counter, \"odd\".swift", stepCount: 2,
    steps: [StepResult(index: 0, passed: true), StepResult(index: 1, passed: false)],
    failure: FixtureFailure(
      reason: .stateDiverged, step: 1, label: "a <b> & 'c'", line: 11,
      divergence: Divergence(path: "expectedState.text", expected: "\"\u{1}x\"", actual: "\"y%\""),
      action: "{\"case\":\"increment\"}"),
    durationMillis: 4)
  let passing = FixtureResult(
    name: "lamp", kind: .leaf, feature: "lamp", file: "fixtures/lamp.fixture.json", stepCount: 3,
    steps: (0..<3).map { StepResult(index: $0, passed: true) }, durationMillis: 2)

  var run: RunResult { RunResult(fixtures: [failing, passing], runners: 2, durationMillis: 812) }

  func testTheSummaryLineCountsFixturesStepsAndRunners() {
    XCTAssertEqual(SummaryLine.counts(run), "duet-verify: 1/2 fixtures passed (5 steps, 2 runners) in 0.8s")
    let single = RunResult(fixtures: [passing], runners: 1, durationMillis: 50)
    XCTAssertEqual(SummaryLine.counts(single), "duet-verify: 1/1 fixtures passed (3 steps, 1 runner) in 0.1s")
  }

  func testTheVerdictIsTheLastLine() {
    let text = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: false)
    XCTAssertEqual(text.split(separator: "\n").last, "duet-verify verify: FAIL")
    XCTAssertTrue(text.hasPrefix("✗ fixture 'counter' step 1"))
  }

  func testQuietKeepsFailuresAndTheVerdictOnly() {
    let text = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: true)
    XCTAssertFalse(text.contains("fixtures passed"))
    XCTAssertTrue(text.contains("✗ fixture 'counter'"))
  }

  func testAMultiLineTaxonomyFindingKeepsItsLinesInTheTerminalReport() {
    let finding = TaxonomyFinding(
      severity: .error, message: "declare each under the feature:\n  features:\n    todo:\n      events:")
    let text = HumanReport.render(
      RunResult(fixtures: [passing], taxonomyFindings: [finding]), style: TerminalStyle(enabled: false), quiet: true)
    assertContains(text, "✗ taxonomy: declare each under the feature:\n  features:\n    todo:\n")
    XCTAssertFalse(text.contains("\\n"), text)
  }

  func testARunThatReplayedNothingNeverPasses() {
    XCTAssertFalse(RunResult(fixtures: []).passed)
    XCTAssertTrue(RunResult(fixtures: [passing]).passed)
    XCTAssertFalse(RunResult(fixtures: [passing], lintProblems: [LintProblem(file: "m", message: "x")]).passed)
    XCTAssertFalse(
      RunResult(fixtures: [passing], taxonomyFindings: [TaxonomyFinding(severity: .error, message: "x")]).passed)
    XCTAssertTrue(
      RunResult(fixtures: [passing], taxonomyFindings: [TaxonomyFinding(severity: .warning, message: "x")]).passed)
  }

  func testColourOnlyOnATerminalWithoutNoColor() {
    XCTAssertTrue(TerminalStyle.decide(isTerminal: true, environment: [:], noColorFlag: false).enabled)
    XCTAssertFalse(TerminalStyle.decide(isTerminal: false, environment: [:], noColorFlag: false).enabled)
    XCTAssertFalse(TerminalStyle.decide(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false).enabled)
    XCTAssertFalse(TerminalStyle.decide(isTerminal: true, environment: [:], noColorFlag: true).enabled)
    XCTAssertEqual(TerminalStyle(enabled: true).red("x"), "\u{1B}[31mx\u{1B}[0m")
  }

  func testTheJSONReportIsOneCanonicalObject() throws {
    let text = JSONReport.render(run)
    XCTAssertEqual(text.filter { $0 == "\n" }.count, 1)
    let tree = try JSONParser().parse(text)
    XCTAssertEqual(tree["summary"]?["verdict"], .string("fail"))
    XCTAssertEqual(tree["summary"]?["failed"], .array([.string("counter")]))
    XCTAssertEqual(tree["fixtures"]?.arrayValue?.count, 2)
    XCTAssertEqual(
      tree["fixtures"]?.arrayValue?.first?["failure"]?["divergence"]?["path"], .string("expectedState.text"))
  }

  func testJUnitIsValidXMLWithATestCasePerRecording() throws {
    let xml = JUnitReport.render(run)
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "invalid XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
    XCTAssertEqual(collector.elements.filter { $0 == "testcase" }.count, 2)
    XCTAssertEqual(collector.elements.filter { $0 == "failure" }.count, 1)
    XCTAssertTrue(xml.contains("tests=\"2\" failures=\"1\""))
    XCTAssertTrue(xml.contains("a &lt;b&gt; &amp; &apos;c&apos;"))
    XCTAssertFalse(xml.contains("\u{1}"))
  }

  func testGitHubAnnotationsPointAtTheScenarioLine() {
    XCTAssertTrue(GitHubAnnotations.enabled(environment: ["GITHUB_ACTIONS": "true"]))
    XCTAssertFalse(GitHubAnnotations.enabled(environment: [:]))
    XCTAssertEqual(
      GitHubAnnotations.lines(for: run),
      [
        "::error file=Tests/Counter%2C \"odd\".swift,line=11::fixture 'counter' step 1 'a <b> & 'c'' — state diverged "
          + "at expectedState.text: expected \"\\u{1}x\", actual \"y%25\"%0Anext: duet-verify explain counter#1"
      ], "a control character is escaped, never written raw into a workflow command")
  }

  func testTheRunsFolderRoundTripsAndForgetsStaleRecordings() throws {
    let folder = try TemporaryFolder()
    let location = folder.manifestLocation
    let runs = RunsFolder(location: location)
    try runs.write(run)
    XCTAssertEqual(runs.readFixture("counter"), failing)
    XCTAssertEqual(runs.readSummary()?.failed, ["counter"])
    try runs.write(RunResult(fixtures: [passing], runners: 1))
    XCTAssertNil(runs.readFixture("counter"))
    XCTAssertEqual(runs.readSummary()?.verdict.rawValue, "pass")
    XCTAssertNil(runs.readFixture("../../etc/passwd"))
  }

  final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append(elementName)
    }
  }
}
