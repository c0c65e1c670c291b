import Foundation
import TestSupport
import XCTest

/// Everything docs/protocol.md says the verifier must survive, through the real executable and a
/// deliberately faulty runner: none of it may crash the verifier or lose other results.
final class RunnerFaultEndToEndTests: XCTestCase {
  /// No fault mode may keep the verifier longer than this (the slowest takes a few seconds).
  static let bound = 30.0

  /// A verify run against the misbehaving runner: what it printed, how long it took, and how many
  /// runner processes it started (each start appends to a log the runner is given).
  struct FaultRun {
    var run: CommandRun
    var seconds: Double
    var runnerStarts: Int
    var code: Int32 { run.code }
    var out: String { run.out }
    var error: String { run.error }
  }

  /// The counter corpus with a misbehaving runner; faults fire on the `decrement` action, which
  /// `counter` reaches at step 2 and `counter-endings.changes-its-mind` at step 1, while
  /// `counter-endings.keeps-counting` never sends it.
  func verify(_ runnerArguments: String, timeout: String = "5", jobs: String = "1") throws -> FaultRun {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let log = repository.root.appendingPathComponent("runner-starts.log")
    let started = DispatchTime.now().uptimeNanoseconds
    let run = try repository.verify([
      "verify", "--jobs", jobs, "--timeout", timeout, "--runner",
      "'\(runner)' --start-log '\(log.path)' \(runnerArguments)",
    ])
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let starts = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").count ?? 0
    return FaultRun(run: run, seconds: seconds, runnerStarts: starts)
  }

  /// Whatever the runner did, the verifier finished in bounded time with a verdict, not a crash.
  func assertSurvived(_ run: FaultRun, code: Int32 = 1, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(run.code, code, run.out + run.error, file: file, line: line)
    XCTAssertLessThan(run.seconds, Self.bound, "the verifier took too long", file: file, line: line)
    XCTAssertFalse(run.error.contains("Fatal error"), run.error, file: file, line: line)
  }

  /// Both decrement fixtures fail with `detail` (`#` is the step), the third still passes, and a
  /// runner the fault lost was replaced by a fresh one (with one slot, at least one restart).
  func assertFixtureFailures(
    _ run: FaultRun, detail: String, losesRunner: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertSurvived(run, file: file, line: line)
    assertContains(
      run.out,
      "✗ fixture 'counter' step 2 'decrement' — runner failed\n  \(detail.replacingOccurrences(of: "#", with: "2"))",
      file: file, line: line)
    assertContains(
      run.out,
      "✗ fixture 'counter-endings.changes-its-mind' step 1 'changes its mind › decrement' — runner failed\n  "
        + detail.replacingOccurrences(of: "#", with: "1"), file: file, line: line)
    assertContains(run.out, "duet-verify: 1/3 fixtures passed", file: file, line: line)
    if losesRunner {
      XCTAssertGreaterThanOrEqual(run.runnerStarts, 2, "a lost runner was not replaced", file: file, line: line)
    } else {
      XCTAssertEqual(run.runnerStarts, 1, "a runner that answered wrongly was replaced", file: file, line: line)
    }
  }

  /// No runner got past its handshake: the verifier says why (`reason`, with the runner's stderr)
  /// and that none of the three recordings was replayed.
  func assertNoRunnerStarted(_ run: FaultRun, reason: String, file: StaticString = #filePath, line: UInt = #line) {
    assertSurvived(run, file: file, line: line)
    assertContains(run.out, reason, file: file, line: line)
    assertContains(
      run.out, "✗ 3 recordings were not replayed: no runner could be started (see above).", file: file, line: line)
  }

  func testACorrectRunnerPasses() throws {
    let run = try verify("")
    assertSurvived(run, code: 0)
    XCTAssertEqual(run.runnerStarts, 1)
  }

  func testARunnerThatExitsBeforeItsHandshakeIsReportedWithItsStderr() throws {
    let run = try verify("--exit-before-handshake 4")
    assertNoRunnerStarted(run, reason: ": runner exited (status 4) before its handshake.\n")
    assertContains(run.out, "    | misbehaving-runner: leaving before the handshake\n")
  }

  func testAWrongProtocolOrVersionIsRefusedNamingWhatItSent() throws {
    let run = try verify("--protocol other --version 2")
    assertSurvived(run)
    assertContains(
      run.out,
      "runner refused: its handshake says protocol \"other\", version 2; duet-verify speaks protocol "
        + "\"duet-replay\", version 1. Use a runner built for replay protocol v1. It sent: "
        + "{\"features\":[\"counter\"],\"platform\":\"test\",\"protocol\":\"other\",\"version\":2}")
  }

  func testACrashFailsThatFixtureAndAFreshRunnerServesTheRest() throws {
    assertFixtureFailures(
      try verify("--fault crash --on decrement"), detail: "runner exited (signal 9) while reducing step #")
  }

  func testAnExitMidCorpusNamesTheStatus() throws {
    assertFixtureFailures(
      try verify("--fault exit --on decrement"), detail: "runner exited (status 3) while reducing step #")
  }

  func testAHungRunnerTimesOut() throws {
    assertFixtureFailures(
      try verify("--fault hang --on decrement", timeout: "0.3"),
      detail: "runner did not answer within 0.3s (raise it with --timeout S) while reducing step #")
  }

  func testANonJSONLineFailsTheFixture() throws {
    assertFixtureFailures(
      try verify("--fault non-json --on decrement"),
      detail:
        "runner sent a line that is not a JSON object (unexpected 'h', expected 'true' at column 2): this is not json "
        + "while reducing step #", losesRunner: false)
  }

  func testANonObjectLineFailsTheFixture() throws {
    assertFixtureFailures(
      try verify("--fault non-object --on decrement"),
      detail: "runner sent a line that is not a JSON object (it is an array): [1,2,3] while reducing step #",
      losesRunner: false)
  }

  func testAResponseWithoutStateFailsTheFixture() throws {
    assertFixtureFailures(
      try verify("--fault missing-state --on decrement"),
      detail: "runner's response has no 'state' string: {\"effects\":\"[]\"} while reducing step #",
      losesRunner: false)
  }

  func testOutputThatIsNotUTF8FailsTheFixture() throws {
    let run = try verify("--fault invalid-utf8 --on decrement")
    assertFixtureFailures(
      run,
      detail:
        "runner sent a line that is not a JSON object (invalid UTF-8 byte 0xFF at column 3): {\"\u{FFFD}\u{FFFD}\":1} "
        + "while reducing step #", losesRunner: false)
  }

  func testAHugeLineIsCappedAndTheRunnerReplaced() throws {
    assertFixtureFailures(
      try verify("--fault huge-line --on decrement"),
      detail: "runner sent a line longer than 16 MiB, far larger than any sane response while reducing step #")
  }

  func testARunnerThatClosesItsOutputIsReplaced() throws {
    assertFixtureFailures(
      try verify("--fault close-stdout --on decrement"),
      detail: "runner closed its standard output while reducing step #")
  }

  func testARunnerErrorFailsTheFixtureNotTheSession() throws {
    let run = try verify("--fault error --on decrement")
    assertSurvived(run)
    assertContains(
      run.out,
      "✗ fixture 'counter' step 2 'decrement' — runner answered with an error\n  runner said: "
        + "unknown feature 'counter'\n")
    assertContains(run.out, "duet-verify: 1/3 fixtures passed")
  }

  func testAStderrFloodNeitherBlocksNorBreaksTheRun() throws {
    let run = try verify("--stderr-flood 20000000", jobs: "2")
    assertSurvived(run, code: 0)
  }

  func testAStderrFloodBeforeACrashLeavesOnlyABoundedTailInTheReport() throws {
    let run = try verify("--stderr-flood 20000000 --fault crash --on decrement")
    assertFixtureFailures(run, detail: "runner exited (signal 9) while reducing step #")
    assertContains(
      run.out,
      "  runner stderr (last lines):\n"
        + String(repeating: "    | " + String(repeating: "x", count: 400) + "…\n", count: 11)
        + "    | misbehaving-runner: flood done\n")
    XCTAssertLessThan(run.out.utf8.count, 64 << 10, "the report holds the flood instead of its tail")
  }

  func testSlowAnswersWithinTheTimeoutPass() throws {
    let run = try verify("--slow-ms 20", timeout: "2", jobs: "2")
    assertSurvived(run, code: 0)
  }

  func testSlowAnswersJustUnderTheTimeoutPassWithoutRestarts() throws {
    let run = try verify("--fault slow --slow-ms 800 --on decrement", timeout: "1")
    assertSurvived(run, code: 0)
    XCTAssertEqual(run.runnerStarts, 1, "a slow but timely runner was replaced")
  }

  func testARunnerThatNeverSendsItsHandshakeTimesOut() throws {
    assertNoRunnerStarted(
      try verify("--hang-before-handshake", timeout: "0.5"),
      reason: ": runner sent no handshake within 0.5s (raise it with --timeout S).\n  runner stderr (last lines):\n"
        + "    | misbehaving-runner: never saying hello\n")
  }

  func testAWrongVersionAloneIsRefused() throws {
    let run = try verify("--version 2")
    assertSurvived(run)
    assertContains(
      run.out,
      "runner refused: its handshake says protocol \"duet-replay\", version 2; duet-verify speaks protocol "
        + "\"duet-replay\", version 1.")
  }

  func testAHundredMebibyteLineIsCappedAndTheRunnerReplaced() throws {
    assertFixtureFailures(
      try verify("--fault huge-line --line-mib 100 --on decrement"),
      detail: "runner sent a line longer than 16 MiB, far larger than any sane response while reducing step #")
  }

  func testAFeatureTheRunnerDoesNotServeIsNamed() throws {
    let repository = try TemporaryRepository.counterCorpus()
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let run = try repository.verify(["verify", "--runner", "\(runner) --features counter"])
    assertContains(
      run.out,
      "✗ chain 'chain-ping-pong' — feature not served by the runner\n  the runner does not serve features 'ping', "
        + "'pong' (it serves: counter).")
  }

  /// The runner answers `counter#2` wrongly and stops reading. Requests are pipelined, so the
  /// next one it owed (`changes-its-mind#1`, already sent) is the one that fails, at once and as a
  /// broken pipe rather than a timeout; the recording still waiting behind it passes on a fresh
  /// runner.
  func testARunnerThatStopsReadingIsABrokenPipeNotACrashOfTheVerifier() throws {
    let run = try verify("--fault close-stdin --on decrement")
    assertSurvived(run)
    // One runner replays the recordings in manifest order, so `counter` sends the first decrement.
    assertContains(
      run.out,
      "✗ fixture 'counter' step 2 'decrement' — runner failed\n  runner "
        + "stopped reading its standard input (broken pipe) while reducing step 2\n")
    assertContains(
      run.out, "✗ fixture 'counter-endings.changes-its-mind' step 1 'changes its mind › decrement' — state diverged")
    assertContains(run.out, "duet-verify: 1/3 fixtures passed")
  }
}
