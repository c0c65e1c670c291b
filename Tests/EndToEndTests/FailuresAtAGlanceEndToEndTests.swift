import Foundation
import TestSupport
import XCTest

/// Failures read at a glance, as a user sees them from the built `duet-verify` and the real
/// demo-runner in a temporary repository: the compact diff, alike divergences in one block, a
/// `next:` hint that can be copied, and `explain` exiting 1 after a failed run.
final class FailuresAtAGlanceEndToEndTests: XCTestCase {
  func demoRunner() throws -> String {
    try BuiltProducts.executable(named: "demo-runner").path
  }

  /// The three counter recordings, each expecting 9 instead of 1 after their first increment: one
  /// constant changed, three recordings failing alike.
  func corpusWithOneConstantChanged() throws -> TemporaryRepository {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    for name in ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting"] {
      try repository.edit("fixtures/\(name).fixture.json", replacing: "\"count\": 1,", with: "\"count\": 9,")
    }
    return repository
  }

  func testFailureShowsCompactDiffAroundFirstDivergence() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit(
      "fixtures/counter.fixture.json", replacing: "\"case\": \"startTicker\"", with: "\"case\": \"startTimer\"")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1)
    assertContains(
      run.out,
      """
        at expectedEffects[0].payload.case
        expected: "startTimer"   actual: "startTicker"
      """)
    assertContains(
      run.out,
      """
        diff (- expected, + actual):
            …
                "id": "counter.ticker",
                "kind": "run",
                "payload": {
          -       "case": "startTimer"
          +       "case": "startTicker"
                }
              }
            ]

      """)
    XCTAssertFalse(run.out.contains("\u{1B}"), "no colour when stdout is not a terminal")
  }

  func testIdenticalDivergencesCollapseIntoOneBlock() throws {
    let repository = try corpusWithOneConstantChanged()
    let run = try repository.verify(["verify", "--runner", try demoRunner(), "--junit", "verify.xml"])
    XCTAssertEqual(run.code, 1)
    XCTAssertEqual(run.out.components(separatedBy: "✗ ").count - 1, 1, run.out)
    assertContains(
      run.out,
      "\n  and 2 more recordings failed alike: counter-endings.changes-its-mind#0, counter-endings.keeps-counting#0\n")
    assertContains(run.out, "duet-verify: 0/3 fixtures passed")
    // The machine reports stay one entry per recording.
    let junit = try repository.read("verify.xml")
    XCTAssertEqual(junit.components(separatedBy: "<failure ").count - 1, 3, junit)
    let summary = try repository.read(".runs/verify/summary.json")
    assertContains(summary, "counter-endings.keeps-counting")
    let json = try repository.verify(["verify", "--json", "--runner", try demoRunner()])
    XCTAssertEqual(json.out.components(separatedBy: "\"reason\":\"stateDiverged\"").count - 1, 3, json.out)
  }

  func testNextHintRepeatsTheRunsFlags() throws {
    let repository = try corpusWithOneConstantChanged()
    let runner = try demoRunner()
    let run = try repository.verify([
      "verify", "--feature", "counter", "--manifest", "manifest.yaml", "--runner", runner, "--timeout", "30",
    ])
    let hint = "duet-verify explain counter#0 --manifest manifest.yaml --runner \(runner) --timeout 30"
    assertContains(run.out, "  next: \(hint)\n")
    // Copying it works: the hint runs as written (the runner's path has no spaces here).
    let explained = try repository.verify(Array(hint.split(separator: " ").dropFirst().map(String.init)))
    XCTAssertEqual(explained.code, 1, explained.out + explained.error)
    XCTAssertTrue(
      explained.out.hasSuffix("result: state diverged at expectedState.count — expected: 9   actual: 1\n"),
      explained.out)
    assertContains(explained.out, "\ndiff (- expected, + actual):\n    {\n  -   \"count\": 9,\n")
    // `explain` alone re-renders the blocks with the flags of the run that wrote them.
    let last = try repository.verify(["explain"])
    assertContains(last.out, "  next: \(hint)\n")
  }

  func testExplainExitsOneWhenTheLastRunFailed() throws {
    let repository = try corpusWithOneConstantChanged()
    let runner = try demoRunner()
    XCTAssertEqual(try repository.verify(["verify", "--runner", runner]).code, 1)
    let last = try repository.verify(["explain"])
    XCTAssertEqual(last.code, 1, last.out + last.error)
    XCTAssertEqual(try repository.verify(["explain", "counter"]).code, 1)
    for name in ["counter", "counter-endings.changes-its-mind", "counter-endings.keeps-counting"] {
      try repository.edit("fixtures/\(name).fixture.json", replacing: "\"count\": 9,", with: "\"count\": 1,")
    }
    XCTAssertEqual(try repository.verify(["verify", "--runner", runner]).code, 0)
    let passed = try repository.verify(["explain"])
    XCTAssertEqual(passed.code, 0, passed.out + passed.error)
    assertContains(passed.out, "the last run passed")
  }
}
