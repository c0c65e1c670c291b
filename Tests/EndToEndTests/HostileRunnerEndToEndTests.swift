import Foundation
import TestSupport
import XCTest

/// docs/protocol.md "Stream integrity", through the real executable and a runner built to break
/// it: replies are paired with requests by position, so a runner that writes one line too many, a
/// blank line, a multi-line state, or that ends badly after `exit`, must never pass a run or blame
/// the wrong recording; and one that leaves a child behind must never keep the verifier waiting.
final class HostileRunnerEndToEndTests: XCTestCase {
  /// No hostile runner may keep the verifier longer than this.
  static let bound = 30.0

  /// `verify` in `repository` against the misbehaving runner with `flags` (one slot), ended by a
  /// watchdog after `bound` seconds so a hang fails the test instead of the suite.
  func verify(_ repository: TemporaryRepository, _ flags: String, environment: [String: String] = [:]) throws
    -> (run: CommandRun, seconds: Double)
  {
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let started = DispatchTime.now().uptimeNanoseconds
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"),
      ["verify", "--jobs", "1", "--timeout", "5", "--runner", "'\(runner)' \(flags)"], in: repository.root,
      environment: environment, deadline: Self.bound)
    return (run, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
  }

  /// A repository holding only `counter-endings.changes-its-mind` (increment, then decrement).
  static func changesItsMind() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.copyRecording("counter-endings.changes-its-mind")
    try repository.write(
      "manifest.yaml", "features:\n  counter:\n    fixtures:\n      - counter-endings.changes-its-mind\n")
    return repository
  }

  /// A repository holding only the ping-pong chain.
  static func chainOnly() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.copyRecording("chain-ping-pong")
    try repository.write(
      "manifest.yaml", "features:\n  ping:\n    fixtures: []\n  pong:\n    fixtures: []\nchains:\n  - chain-ping-pong\n"
    )
    return repository
  }

  func testARunnerThatLeavesAChildWritingStderrForeverDoesNotHangVerify() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let pidFile = repository.root.appendingPathComponent("grandchild.pid")
    let (run, seconds) = try verify(repository, "--grandchild-stderr '\(pidFile.path)'")
    let grandchild = Self.pid(in: pidFile)
    defer { if let grandchild, !Self.isGone(grandchild) { kill(grandchild, SIGKILL) } }
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertLessThan(seconds, Self.bound, "the verifier waited for the runner's child")
    assertContains(run.out, "duet-verify: 3/3 fixtures passed")
    let pid = try XCTUnwrap(grandchild, "the runner left no child behind")
    XCTAssertTrue(Self.isGone(pid), "closing the runner must end its whole process group")
  }

  func testADuplicatedLastReplyFailsTheRunInsteadOfPassing() throws {
    // The duplicate answers nothing: every recording matches, and only reading stdout to its end
    // after exit shows the runner wrote one line more than it was asked for.
    let (run, _) = try verify(try Self.changesItsMind(), "--fault duplicate --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "✗ protocol error from the runner ")
    assertContains(run.out, "runner sent 1 more line than it was asked for (a duplicated or stray reply")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testAStrayLineFailsTheRunAsAProtocolErrorNamingTheRunner() throws {
    let (run, _) = try verify(try TemporaryRepository.counterCorpus(chain: false), "--fault stray --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "✗ protocol error from the runner ")
    assertContains(run.out, "The first extra line: ")
  }

  func testABlankReplyLineIsAProtocolErrorThatBlamesOnlyItsOwnRequest() throws {
    let (run, _) = try verify(try TemporaryRepository.counterCorpus(chain: false), "--fault blank --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.out,
      "✗ fixture 'counter' step 2 'decrement' — runner failed\n  runner sent a blank line where a reply was due")
    assertContains(
      run.out,
      "✗ fixture 'counter-endings.changes-its-mind' step 1 'changes its mind › decrement' — runner failed\n  "
        + "runner sent a blank line where a reply was due")
    // The recording that never sends decrement is not blamed for the shifted stream.
    XCTAssertFalse(run.out.contains("'counter-endings.keeps-counting'"), run.out)
    assertContains(run.out, "duet-verify: 1/3 fixtures passed")
  }

  func testAMultiLineChainStateFailsItsStepAsARunnerFault() throws {
    let (run, _) = try verify(try Self.chainOnly(), "--features ping,pong --fault pretty-state --on fire")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.out,
      "✗ chain 'chain-ping-pong' step 0 (ping) 'fire emits the fired delegate' — runner failed\n  runner returned "
        + "a state that is not one-line compact canonical JSON, so it cannot be threaded into the next request")
    XCTAssertFalse(run.out.contains("malformed request line"), "a multi-line state was sent: " + run.out)
  }

  func testARunnerThatExitsNonZeroAfterExitFailsTheRun() throws {
    let (run, _) = try verify(try Self.changesItsMind(), "--at-exit status")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "runner exited (status 3) after {\"op\":\"exit\"}; it must exit with status 0")
    assertContains(run.out, "✗ protocol error from the runner ")
  }

  func testARunnerKilledByASignalAfterExitFailsTheRun() throws {
    let (run, _) = try verify(try Self.changesItsMind(), "--at-exit crash")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "runner exited (signal 9) after {\"op\":\"exit\"}")
  }

  /// The pid a file holds, once it appears (the child writes it as it starts).
  static func pid(in file: URL) -> pid_t? {
    for _ in 0..<100 {
      if let text = try? String(contentsOf: file, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(20_000)
    }
    return nil
  }

  /// True when `pid` has ended (gone, or a zombie waiting for whoever adopted it), allowing a moment.
  static func isGone(_ pid: pid_t) -> Bool {
    for _ in 0..<100 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
      if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
      usleep(20_000)
    }
    return false
  }
}
