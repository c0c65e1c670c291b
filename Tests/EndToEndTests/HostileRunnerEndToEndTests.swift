import Foundation
import XCTest

/// replay-protocol.md "Stream integrity", through the real executable and a runner built to break
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
    try repository.copyReference("duet-framework/swift/counter-endings.changes-its-mind.fixture.json")
    try repository.write(
      "manifest.yaml", "features:\n  counter:\n    fixtures:\n      - counter-endings.changes-its-mind\n")
    return repository
  }

  /// A repository holding only the ping-pong chain.
  static func chainOnly() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.copyReference("duet-framework/swift/chain-ping-pong.fixture.json")
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
    XCTAssertTrue(run.out.contains("duet-verify: 3/3 fixtures passed"), run.out)
    let pid = try XCTUnwrap(grandchild, "the runner left no child behind")
    XCTAssertTrue(Self.isGone(pid), "closing the runner must end its whole process group")
  }

  func testADuplicatedLastReplyFailsTheRunInsteadOfPassing() throws {
    // The duplicate answers nothing: every recording matches, and only reading stdout to its end
    // after exit shows the runner wrote one line more than it was asked for.
    let (run, _) = try verify(try Self.changesItsMind(), "--fault duplicate --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(run.out.contains("✗ protocol error from the runner "), run.out)
    XCTAssertTrue(
      run.out.contains("runner sent 1 more line than it was asked for (a duplicated or stray reply"), run.out)
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testAStrayLineFailsTheRunAsAProtocolErrorNamingTheRunner() throws {
    let (run, _) = try verify(try TemporaryRepository.counterCorpus(chain: false), "--fault stray --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(run.out.contains("✗ protocol error from the runner "), run.out)
    XCTAssertTrue(run.out.contains("The first extra line: "), run.out)
  }

  func testABlankReplyLineIsAProtocolErrorThatBlamesOnlyItsOwnRequest() throws {
    let (run, _) = try verify(try TemporaryRepository.counterCorpus(chain: false), "--fault blank --on decrement")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(
      run.out.contains(
        "✗ fixture 'counter' step 2 'decrement' — runner failed\n  runner sent a blank line where a reply was due"),
      run.out)
    XCTAssertTrue(
      run.out.contains(
        "✗ fixture 'counter-endings.changes-its-mind' step 1 'changes its mind › decrement' — runner failed\n  "
          + "runner sent a blank line where a reply was due"), run.out)
    // The recording that never sends decrement is not blamed for the shifted stream.
    XCTAssertFalse(run.out.contains("'counter-endings.keeps-counting'"), run.out)
    XCTAssertTrue(run.out.contains("duet-verify: 1/3 fixtures passed"), run.out)
  }

  func testAMultiLineChainStateFailsItsStepAsARunnerFault() throws {
    let (run, _) = try verify(try Self.chainOnly(), "--features ping,pong --fault pretty-state --on fire")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(
      run.out.contains(
        "✗ chain 'chain-ping-pong' step 0 (ping) 'fire emits the fired delegate' — runner failed\n  runner returned "
          + "a state that is not one-line compact canonical JSON, so it cannot be threaded into the next request"),
      run.out)
    XCTAssertFalse(run.out.contains("malformed request line"), "a multi-line state was sent: " + run.out)
  }

  func testARunnerThatExitsNonZeroAfterExitFailsTheRun() throws {
    let (run, _) = try verify(try Self.changesItsMind(), "--at-exit status")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(
      run.out.contains("runner exited (status 3) after {\"op\":\"exit\"}; it must exit with status 0"), run.out)
    XCTAssertTrue(run.out.contains("✗ protocol error from the runner "), run.out)
  }

  func testARunnerKilledByASignalAfterExitFailsTheRun() throws {
    let (run, _) = try verify(try Self.changesItsMind(), "--at-exit crash")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    XCTAssertTrue(run.out.contains("runner exited (signal 9) after {\"op\":\"exit\"}"), run.out)
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

/// Output injection: text from a recording (labels, scenario source) and from a runner is printed
/// with its control characters escaped, so it can neither forge a GitHub workflow command nor reach
/// the terminal as escape sequences or NUL bytes.
final class OutputInjectionEndToEndTests: XCTestCase {
  func testLabelsSourcesAndRunnerTextCannotForgeAnnotationsOrReachTheTerminalRaw() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let file = "fixtures/counter.fixture.json"
    try repository.edit(
      file, replacing: #""label": "decrement""#,
      with: #""label": "decrement\n::error file=forged.swift,line=1::forged\n::add-mask::secret\u001b[31mred\u0000""#)
    try repository.edit(
      file, replacing: #""source": "DuetTestingTests/ScenarioRunnerTests.swift""#,
      with: #""source": "Sources/Scenario.swift\n::warning::forged source""#)
    let runner = try BuiltProducts.executable(named: "misbehaving-runner").path
    let run = try repository.verify(
      ["verify", "--jobs", "1", "--runner", "'\(runner)' --fault error --on decrement --hostile-text"],
      environment: ["GITHUB_ACTIONS": "true"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    for line in (run.out + run.error).split(separator: "\n") {
      XCTAssertFalse(line.hasPrefix("::error file=forged"), "a forged annotation: \(line)")
      XCTAssertFalse(line.hasPrefix("::add-mask::"), "a forged mask command: \(line)")
      XCTAssertFalse(line.hasPrefix("::warning::"), "a forged warning: \(line)")
      XCTAssertFalse(line.hasPrefix("::error::forged"), "a runner forged an annotation: \(line)")
    }
    XCTAssertFalse(run.out.contains("\u{1B}"), "an escape sequence reached the terminal")
    XCTAssertFalse(run.out.contains("\u{0}"), "a NUL byte reached the terminal")
    XCTAssertTrue(
      run.out.contains(#"'decrement\n::error file=forged.swift,line=1::forged\n::add-mask::secret\u{1B}[31mred\u{0}'"#),
      run.out)
    XCTAssertTrue(run.out.contains(#"  scenario: Sources/Scenario.swift\n::warning::forged source:"#), run.out)
    XCTAssertTrue(run.out.contains(#"unknown feature 'counter'\n::error::forged by the runner\u{1B}[2J\u{0}"#), run.out)
  }
}
