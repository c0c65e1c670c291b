import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// Failures a snapshot-testing user reads at a glance: a compact diff around the first divergence,
/// alike divergences in one block, a `next:` hint that can be copied, `explain` exiting 1.
final class FailuresAtAGlanceTests: XCTestCase {
  /// A failed leaf result: `count` expected 5, actual 2, at `step`.
  func diverged(
    _ name: String, step: Int = 1, reason: FixtureFailure.Reason = .stateDiverged, path: String = "expectedState.count",
    expected: String = "5", actual: String = "2"
  ) -> FixtureResult {
    FixtureResult(
      name: name, kind: .leaf, feature: "counter", file: "fixtures/\(name).fixture.json", scenarioSource: "S.swift",
      stepCount: 3,
      failure: FixtureFailure(
        reason: reason, step: step, label: "increment", line: 9,
        divergence: Divergence(path: path, expected: expected, actual: actual), action: "{\"case\":\"increment\"}",
        diff: CompactDiff.lines(
          expected: "{\"count\":\(expected),\"isAutoIncrementing\":false}",
          actual: "{\"count\":\(actual),\"isAutoIncrementing\":false}")))
  }

  // MARK: the compact diff

  func testFailureShowsCompactDiffAroundFirstDivergence() {
    let expected = "{" + (0..<20).map { "\"k\($0 + 10)\":\($0)" }.joined(separator: ",") + "}"
    let actual = expected.replacingOccurrences(of: "\"k20\":10", with: "\"k20\":99")
    XCTAssertEqual(
      CompactDiff.lines(expected: expected, actual: actual),
      [
        "  …",
        "    \"k17\": 7,",
        "    \"k18\": 8,",
        "    \"k19\": 9,",
        "-   \"k20\": 10,",
        "+   \"k20\": 99,",
        "    \"k21\": 11,",
        "    \"k22\": 12,",
        "    \"k23\": 13,",
      ])
    let run = RunResult(fixtures: [diverged("counter")])
    XCTAssertEqual(
      HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: true),
      """
      ✗ fixture 'counter' step 1 'increment' — state diverged
        at expectedState.count
        expected: 5   actual: 2
        action: {"case":"increment"}
        scenario: S.swift:9
        next: duet-verify explain counter#1
        diff (- expected, + actual):
            {
          -   "count": 5,
          +   "count": 2,
              "isAutoIncrementing": false
            }

      duet-verify verify: FAIL

      """)
  }

  func testCompactDiffKeepsOnlyTheFirstHunk() throws {
    let keys = (0..<30).map { "\"k\($0 + 10)\":\($0)" }
    let expected = "{" + keys.joined(separator: ",") + "}"
    let actual = expected.replacingOccurrences(of: "\"k12\":2", with: "\"k12\":-2")
      .replacingOccurrences(of: "\"k35\":25", with: "\"k35\":-25")
    let lines = try XCTUnwrap(CompactDiff.lines(expected: expected, actual: actual))
    XCTAssertEqual(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }, ["-   \"k12\": 2,", "+   \"k12\": -2,"])
    XCTAssertEqual(lines.last, "  … (more differences further down)")
  }

  func testCompactDiffAlignsAnInsertedElement() throws {
    let lines = try XCTUnwrap(CompactDiff.lines(expected: "[1,2,3,4]", actual: "[1,2,7,3,4]"))
    XCTAssertEqual(lines, ["  [", "    1,", "    2,", "+   7,", "    3,", "    4", "  ]"])
  }

  func testCompactDiffCapsTheChangedLines() throws {
    let expected = "[" + (0..<40).map(String.init).joined(separator: ",") + "]"
    let actual = "[" + (100..<140).map(String.init).joined(separator: ",") + "]"
    let lines = try XCTUnwrap(CompactDiff.lines(expected: expected, actual: actual))
    XCTAssertEqual(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count, CompactDiff.changedLimit)
    XCTAssertEqual(lines.last, "  … 64 more changed lines")
  }

  func testNoDiffWhenOnlyTheBytesDifferOrTheRunnerSentNoJSON() {
    XCTAssertNil(CompactDiff.lines(expected: "{\"a\":1,\"b\":2}", actual: "{\"b\":2,\"a\":1}"))
    XCTAssertNil(CompactDiff.lines(expected: "{\"a\":1}", actual: "{\"a\":"))
  }

  func testTheDiffIsColouredOnlyWhenColourIsOn() {
    let run = RunResult(fixtures: [diverged("counter")])
    let coloured = HumanReport.render(run, style: TerminalStyle(enabled: true), quiet: true)
    assertContains(coloured, "    \u{1B}[31m-   \"count\": 5,\u{1B}[0m\n")
    assertContains(coloured, "    \u{1B}[32m+   \"count\": 2,\u{1B}[0m\n")
    let plain = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: true)
    XCTAssertFalse(plain.contains("\u{1B}"), plain)
  }

  func testTheDiffTravelsThroughTheRunsFolderForExplain() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    let failing = diverged("counter")
    try runs.write(RunResult(fixtures: [failing]))
    XCTAssertEqual(runs.readFixture("counter")?.failure?.diff, failing.failure?.diff)
    XCTAssertNotNil(failing.failure?.diff)
  }

  // MARK: alike divergences

  func testIdenticalDivergencesCollapseIntoOneBlock() {
    let results = ["a", "b", "c", "d", "e"].enumerated().map { diverged($0.element, step: $0.offset % 2) }
    let groups = FailureGroup.groups(of: results)
    XCTAssertEqual(groups.count, 1)
    XCTAssertEqual(groups[0].shown.name, "a")
    XCTAssertEqual(groups[0].alike.map(\.name), ["b", "c", "d", "e"])
    let text = HumanReport.render(RunResult(fixtures: results), style: TerminalStyle(enabled: false), quiet: true)
    XCTAssertEqual(text.components(separatedBy: "✗ ").count - 1, 1, text)
    assertContains(
      text,
      "  next: duet-verify explain a#0\n  and 4 more recordings failed alike: b#1, c#0, d#1, e#0\n  diff (- expected")
  }

  func testDivergencesDifferingInKindPathOrFragmentStaySeparate() {
    let results = [
      diverged("base"),
      diverged("kind", reason: .effectsDiverged),
      diverged("path", path: "expectedState.other"),
      diverged("expected", expected: "6"),
      diverged("actual", actual: "3"),
      diverged("same"),
    ]
    let groups = FailureGroup.groups(of: results)
    XCTAssertEqual(groups.map(\.shown.name), ["base", "kind", "path", "expected", "actual"])
    XCTAssertEqual(groups[0].alike.map(\.name), ["same"])
  }

  func testFailuresThatAreNotDivergencesAreNeverCollapsed() {
    let fault = FixtureFailure(reason: .runnerFault, step: 0, detail: "runner exited (signal 9)")
    let results = ["a", "b"].map { FixtureResult(name: $0, kind: .leaf, file: "f", failure: fault) }
    XCTAssertEqual(FailureGroup.groups(of: results).count, 2)
  }

  func testAManyMemberGroupNamesTheFirstFewAndCountsTheRest() {
    let results = (0..<12).map { diverged("r\($0)") }
    XCTAssertEqual(
      FailureGroup.groups(of: results)[0].alikeLine,
      "and 11 more recordings failed alike: r1#1, r2#1, r3#1, r4#1, r5#1, r6#1, r7#1, r8#1 and 3 more")
  }

  func testMachineReportsStayPerRecording() throws {
    let run = RunResult(fixtures: ["a", "b", "c"].map { diverged($0) })
    XCTAssertEqual(RunRecord(run).failed, ["a", "b", "c"])
    XCTAssertEqual(JUnitReport.render(run).components(separatedBy: "<failure ").count - 1, 3)
    XCTAssertEqual(GitHubAnnotations.lines(for: run).count, 3)
    let json = try JSONSerialization.jsonObject(with: Data(JSONReport.render(run).utf8)) as? [String: Any]
    XCTAssertEqual((json?["fixtures"] as? [Any])?.count, 3)
  }

  // MARK: the next: hint

  func testNextHintRepeatsTheRunsFlags() throws {
    guard
      case .run(let options) = try ParsedArguments.parse([
        "verify", "--feature", "counter", "--runner", "swift run my-runner", "--jobs", "2", "--manifest",
        "app/manifest.yaml", "--timeout", "5", "--no-color", "--feature", "other",
      ])
    else { return XCTFail("not a run") }
    var run = RunResult(fixtures: [diverged("counter")])
    run.arguments = options
    let text = HumanReport.render(run, style: TerminalStyle(enabled: false), quiet: true)
    assertContains(
      text,
      "  next: duet-verify explain counter#1 --manifest app/manifest.yaml --runner 'swift run my-runner' "
        + "--timeout 5 --no-color\n")
    XCTAssertEqual(RunRecord(run).flags, options.flags)
  }

  func testTheLintHintRepeatsOnlyWhatLintTakes() throws {
    let unreadable = FixtureResult(
      name: "counter", kind: .leaf, file: "f", failure: FixtureFailure(reason: .unreadable, detail: "bad"))
    let lines = FailureBlock.lines(
      for: unreadable, arguments: try ParsedArguments.verify(["--manifest", "m.yaml", "--runner", "./r"]))
    XCTAssertEqual(lines?.last, "  next: duet-verify lint --manifest m.yaml")
  }

  func testAHintWordIsQuotedForTheShell() {
    XCTAssertEqual(NextHint.shellWord(".build/debug/replay-runner"), ".build/debug/replay-runner")
    XCTAssertEqual(NextHint.shellWord("my dir/it's"), "'my dir/it'\\''s'")
    XCTAssertEqual(NextHint.shellWord("$(rm -rf ~)"), "'$(rm -rf ~)'")
  }

  // MARK: explain

  func testExplainExitsOneWhenTheLastRunFailed() throws {
    let folder = try TemporaryFolder()
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixtures:\n      - a\n      - b\n")
    let runs = RunsFolder(location: folder.manifestLocation)
    var run = RunResult(fixtures: [diverged("a"), diverged("b")])
    run.arguments = try ParsedArguments.verify(["--runner", "./runner"])
    try runs.write(run)
    let last = CapturedOutput.run(["explain"], in: folder.url)
    XCTAssertEqual(last.code, .failed)
    assertContains(last.out, "  next: duet-verify explain a#1 --runner ./runner\n")
    assertContains(last.out, "  and 1 more recording failed alike: b#1\n")
    assertContains(last.out, "  diff (- expected, + actual):\n")
    let one = CapturedOutput.run(["explain", "b"], in: folder.url)
    XCTAssertEqual(one.code, .failed)
    assertContains(one.out, "  next: duet-verify explain b#1 --runner ./runner\n")
    try runs.write(RunResult(fixtures: [FixtureResult(name: "a", kind: .leaf, file: "f", stepCount: 2)]))
    XCTAssertEqual(CapturedOutput.run(["explain"], in: folder.url).code, .passed)
  }

  func testExplainColoursTheDiffOnATerminalOnly() throws {
    let folder = try TemporaryFolder()
    try folder.write("manifest.yaml", "features:\n  counter:\n    fixtures:\n      - a\n")
    let runs = RunsFolder(location: folder.manifestLocation)
    try runs.write(RunResult(fixtures: [diverged("a")]))
    func explain(_ arguments: [String], environment: [String: String] = [:]) -> String {
      var text = ""
      let output = CommandOutput(out: { text += $0 }, error: { _ in }, outputIsTerminal: true)
      _ = DuetVerifyCLI.run(arguments, output: output, environment: environment, folder: folder.url)
      return text
    }
    XCTAssertTrue(explain(["explain"]).contains("\u{1B}[31m"))
    XCTAssertFalse(explain(["explain", "--no-color"]).contains("\u{1B}"))
    XCTAssertFalse(explain(["explain"], environment: ["NO_COLOR": "1"]).contains("\u{1B}"))
  }
}
