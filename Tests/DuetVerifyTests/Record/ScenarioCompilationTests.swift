import DuetCore
import DuetRunner
import TestSupport
import XCTest

@testable import DuetVerify

/// One scenarios request per target, and what each kind of answer means for `record`.
final class ScenarioCompilationTests: XCTestCase {
  /// Compiles `target` through the runner pool on `runner`; `runnerLost` is whether the pool killed it.
  func compile(_ target: RecordTarget, on runner: FakeScenarioRunner) -> (output: TargetOutcome, runnerLost: Bool) {
    let outcome = ScenarioCompilation(pool: RunnerPool(launcher: OneRunner(runner), size: 1)).run([target])
    return (outcome.targets[0], runner.killed)
  }

  /// Hands out `runner` once.
  struct OneRunner: RunnerLauncher, @unchecked Sendable {
    let runner: FakeScenarioRunner
    init(_ runner: FakeScenarioRunner) { self.runner = runner }
    func launch() throws(RunnerStartError) -> any RunnerConnection { runner }
  }

  func testARunnerWithoutTheRecordCapabilityIsNeverAsked() {
    let runner = FakeScenarioRunner(capabilities: []) { target throws(RunnerFault) in FakeScenarioRunner.oneEach(target)
    }
    let outcome = compile(.feature("counter"), on: runner)
    XCTAssertEqual(outcome.output.result, .cannotRecord("it does not advertise the record capability"))
    XCTAssertTrue(runner.asked.isEmpty)
  }

  func testAnUnknownOpAnswerMeansTheRunnerCannotRecord() {
    let runner = FakeScenarioRunner { _ throws(RunnerFault) in .refused("unknown op 'scenarios'") }
    guard case .cannotRecord(let reason) = compile(.feature("counter"), on: runner).output.result else {
      return XCTFail("expected cannotRecord")
    }
    XCTAssertTrue(reason.contains("unknown op 'scenarios'"))
  }

  func testAFailingThenFailsOnlyItsTargetWithTheRunnersSentence() {
    let message = "Then 'the count is one' (S.swift:12) returned false"
    let runner = FakeScenarioRunner { _ throws(RunnerFault) in .refused(message) }
    let outcome = compile(.feature("counter"), on: runner)
    XCTAssertEqual(outcome.output.result, .scenarioFailed(message))
    XCTAssertFalse(outcome.runnerLost)
  }

  func testARunnerFaultLosesTheRunnerAndKeepsItsStderr() {
    let runner = FakeScenarioRunner { _ throws(RunnerFault) in throw .exited(.signal(9)) }
    let outcome = compile(.feature("lamp"), on: runner)
    guard case .runnerFailed(let text) = outcome.output.result else { return XCTFail("expected runnerFailed") }
    XCTAssertTrue(text.hasPrefix("feature 'lamp': runner exited"), text)
    assertContains(text, "fake: last words")
    XCTAssertTrue(outcome.runnerLost)
  }

  func testAnInvalidNameFailsItsTarget() {
    let runner = FakeScenarioRunner { _ throws(RunnerFault) in
      .fixtures([ProducedFixture(name: "../../etc/passwd", document: FixtureText.counterTree())])
    }
    guard case .scenarioFailed(let text) = compile(.feature("counter"), on: runner).output.result else {
      return XCTFail("expected scenarioFailed")
    }
    assertContains(text, "cannot be a fixture name")
  }

  func testTwoTargetsProducingOneNameFailTheSecond() throws {
    let fixture = try RecordedFixture.check(
      ProducedFixture(name: "counter", document: FixtureText.counterTree()), target: .feature("counter"))
    var other = fixture
    other.target = .feature("lamp")
    let outcomes = ScenarioCompilation.refuseDuplicates([
      TargetOutcome(target: .feature("counter"), result: .compiled([fixture])),
      TargetOutcome(target: .feature("lamp"), result: .compiled([other])),
    ])
    XCTAssertNotNil(outcomes[0].fixtures)
    guard case .scenarioFailed(let text) = outcomes[1].result else { return XCTFail("expected scenarioFailed") }
    assertContains(text, "as feature 'counter' does")
  }

  func testTheSameNameTwiceInOneTargetFailsIt() throws {
    let fixture = try RecordedFixture.check(
      ProducedFixture(name: "counter", document: FixtureText.counterTree()), target: .feature("counter"))
    let outcomes = ScenarioCompilation.refuseDuplicates([
      TargetOutcome(target: .feature("counter"), result: .compiled([fixture, fixture]))
    ])
    guard case .scenarioFailed(let text) = outcomes[0].result else { return XCTFail("expected scenarioFailed") }
    assertContains(text, "'counter' twice")
  }
}
