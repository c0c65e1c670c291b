import Foundation
import TestSupport
import XCTest

/// `duet-verify verify` as a user runs it: the built executable, a temporary repository holding
/// copies of Duet's reference recordings, and the real demo-runner.
final class VerifyEndToEndTests: XCTestCase {
  func demoRunner() throws -> String {
    try BuiltProducts.executable(named: "demo-runner").path
  }

  func testTheReferenceCorpusPassesThroughTheDemoRunner() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    let lines = run.out.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, run.out)
    XCTAssertTrue(lines[0].hasPrefix("duet-verify: 4/4 fixtures passed (16 steps, "), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("duet-verify: runner /"), lines[1])
    XCTAssertTrue(lines[1].hasSuffix("/demo-runner (platform swift), given with --runner"), lines[1])
    XCTAssertEqual(lines[2], "duet-verify verify: PASS")
  }

  func testAChangedExpectedValueReportsTheExactStepAndPath() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    let runner = try demoRunner()
    let run = try repository.verify(["verify", "--runner", runner])
    XCTAssertEqual(run.code, 1)
    XCTAssertTrue(
      run.out.hasPrefix(
        """
        ✗ fixture 'counter' step 1 'increment again' — state diverged
          at expectedState.count
          expected: 5   actual: 2
          action: {"case":"increment"}
          scenario: Sources/DemoFeatures/Counter/CounterScenarios.swift:14
          next: duet-verify explain counter#1 --runner \(runner)
          diff (- expected, + actual):
              {
            -   "count": 5,
            +   "count": 2,
                "isAutoIncrementing": false
              }

        duet-verify: 3/4 fixtures passed (
        """), run.out)
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"))
  }

  func testAnExtraEffectIsReportedAtTheMissingExpectedElement() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let effect = """
      "expectedEffects": [
              {
                "id": "counter.ticker",
                "kind": "run",
                "payload": {
                  "case": "startTicker"
                }
              }
            ],
      """
    try repository.edit("fixtures/counter.fixture.json", replacing: effect, with: "\"expectedEffects\": [],")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1)
    assertContains(
      run.out,
      """
      ✗ fixture 'counter' step 4 'toggling auto-increment on starts the ticker' — effects diverged
        at expectedEffects[0]
        expected: ∅   actual: {"id":"counter.ticker","kind":"run","payload":{"case":"startTicker"}}
      """)
  }

  func testAMissingEffectShowsAnEmptyActualSide() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let cancel = """
              {
                "id": "counter.ticker",
                "kind": "cancel"
              }
      """
    try repository.edit(
      "fixtures/counter.fixture.json", replacing: cancel,
      with: cancel + ",\n        {\n          \"id\": \"counter.extra\",\n          \"kind\": \"cancel\"\n        }")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1)
    assertContains(
      run.out,
      """
        at expectedEffects[1]
        expected: {"id":"counter.extra","kind":"cancel"}   actual: ∅
      """)
  }

  func testADivergentEffectValueNamesItsPath() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit(
      "fixtures/counter.fixture.json", replacing: "\"case\": \"startTicker\"", with: "\"case\": \"startTimer\"")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    assertContains(
      run.out,
      """
        at expectedEffects[0].payload.case
        expected: "startTimer"   actual: "startTicker"
      """)
  }

  func testABrokenChainSeamIsCaughtOnTheData() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit(
      "fixtures/chain-ping-pong.fixture.json",
      replacing: "\"case\": \"pingFired\",\n        \"value\": {\n          \"count\": 1",
      with: "\"case\": \"pingFired\",\n        \"value\": {\n          \"count\": 7")
    let run = try repository.verify(["verify", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1)
    assertContains(
      run.out,
      """
      ✗ chain 'chain-ping-pong' step 0 (ping) 'fire emits the fired delegate' — linkToNext seam broken
        at steps[1].action.value.count
        expected: 1   actual: 7
        step 0's delegate event (expectedEffects[0].payload.value, its last notifyListener) is not carried by step 1 (pong)'s action, as its value or nested inside it.
        delegate emitted: {"count":1}
        next action:      {"case":"pingFired","value":{"count":7}}
        Re-record the chain: duet-verify record --chain chain-ping-pong
        action: {"case":"fire"}
        scenario: Sources/DemoFeatures/PingPong/PingPongChain.swift:15
        next: duet-verify explain chain-ping-pong#0
      """)
  }

  func testAParityLayoutVerifiesUnchanged() throws {
    let repository = try TemporaryRepository()
    try repository.write("parity/manifest.yaml", "features:\n  counter:\n    fixtures:\n      - counter\n")
    let source = try DemoRecordings.file(named: "counter")
    try repository.write(
      "parity/fixtures/counter.fixture.json", String(decoding: try Data(contentsOf: source), as: UTF8.self))
    let run = try repository.verify(["--runner", try demoRunner()])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: repository.root.appendingPathComponent("parity/.runs/verify/summary.json").path))
  }

  func testJSONOutputIsOneObjectAndJUnitIsWritten() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    let run = try repository.verify(["verify", "--json", "--junit", "report.xml", "--runner", try demoRunner()])
    XCTAssertEqual(run.code, 1)
    XCTAssertEqual(run.out.filter { $0 == "\n" }.count, 1)
    XCTAssertTrue(run.out.hasPrefix("{\"fixtures\":["), run.out)
    XCTAssertTrue(run.out.contains("\"verdict\":\"fail\""))
    let junit = try repository.read("report.xml")
    assertContains(junit, "<testsuite name=\"duet-verify\" tests=\"4\" failures=\"1\"")
  }

  func testGitHubActionsGetsAnAnnotationAtTheScenarioLine() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    let run = try repository.verify(["verify", "--runner", try demoRunner()], environment: ["GITHUB_ACTIONS": "true"])
    assertContains(
      run.out,
      "::error file=Sources/DemoFeatures/Counter/CounterScenarios.swift,line=14::fixture 'counter' step 1 'increment again' — "
        + "state diverged at expectedState.count: expected 5, actual 2%0Anext: duet-verify explain counter#1 --runner "
        + (try demoRunner()) + "\n")
  }

  func testExplainReRendersTheLastRunAndReplaysAStep() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 2,", with: "\"count\": 5,")
    _ = try repository.verify(["verify", "--runner", try demoRunner()])
    let last = try repository.verify(["explain"])
    XCTAssertEqual(last.code, 1, "explain exits 1 when the last run failed")
    XCTAssertTrue(last.out.hasPrefix("✗ fixture 'counter' step 1 'increment again' — state diverged\n"), last.out)
    let step = try repository.verify(["explain", "counter#1", "--runner", try demoRunner()])
    XCTAssertEqual(step.code, 1)
    assertContains(
      step.out,
      "expected state:\n{\n  \"count\": 5,\n  \"isAutoIncrementing\": false\n}\n\nactual state:\n"
        + "{\n  \"count\": 2,\n  \"isAutoIncrementing\": false\n}")
    XCTAssertTrue(
      step.out.hasSuffix("result: state diverged at expectedState.count — expected: 5   actual: 2\n"), step.out)
  }

  /// The split is by cost (see ShardTests): counter, the largest recording, alone in the first
  /// share, the rest in the second; each share writes its own JUnit file.
  func testShardsSplitTheCorpus() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let first = try repository.verify([
      "verify", "--shard", "1/2", "--junit", "verify.xml", "--runner", try demoRunner(),
    ])
    let second = try repository.verify([
      "verify", "--shard", "2/2", "--junit", "verify.xml", "--runner", try demoRunner(),
    ])
    XCTAssertTrue(first.out.hasPrefix("duet-verify: 1/1 fixtures passed"), first.out)
    XCTAssertTrue(second.out.hasPrefix("duet-verify: 3/3 fixtures passed"), second.out)
    let junit = try String(
      contentsOf: repository.root.appendingPathComponent("verify.shard-1-of-2.xml"), encoding: .utf8)
    assertContains(junit, "<testsuite name=\"duet-verify shard 1 of 2\" tests=\"1\"")
    assertContains(junit, "name=\"counter\"")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: repository.root.appendingPathComponent("verify.shard-2-of-2.xml").path))
  }
}
