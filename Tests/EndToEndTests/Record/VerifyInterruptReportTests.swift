import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interrupted `verify` reaches no verdict: the runners the signal killed are not reported as
/// crashed, no verdict is printed, and `.runs/` keeps the previous run's report byte for byte (no
/// summary of the stopped run swapped in, nothing staged). The signal handler and the threads that
/// see their runners die race, so each test interrupts several runs and counts every bad one.
final class VerifyInterruptReportTests: InterruptTestCase {
  /// How many runs each test interrupts: the race is lost only sometimes.
  static let rounds = 8

  var runsFolder: URL { repository.root.appendingPathComponent(".runs", isDirectory: true) }

  override func setUpWithError() throws {
    try super.setUpWithError()
    // Two finished runs: a report in `.runs/verify` and the shared staging folder holding the one before.
    for _ in 0..<2 {
      let run = try repository.duet(["verify"])
      XCTAssertEqual(run.code, 0, run.all)
    }
  }

  /// The runner answers counter and lamp, then hangs on decrement and announces it; the signal
  /// comes then, with ping and pong still to replay.
  func interruptVerify(_ extra: [String], with signal: Int32) throws -> InterruptedRecord {
    let arguments =
      ["verify", "--jobs", "1", "--timeout", "30"] + extra
      + (try repository.misbehaving("--features counter,lamp,ping,pong --fault hang --on decrement --announce ANNOUNCE"))
    return try InterruptedRecord.start(arguments, in: repository, scratch: scratch, signal: signal)
  }

  /// Interrupts `rounds` runs of `verify <extra>` and fails once per round that printed or wrote
  /// anything beyond the interrupt sentence, naming how many of the rounds did.
  func assertInterruptsReachNoVerdict(
    _ extra: [String], signal: Int32, name: String, status: Int32, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var bad: [String] = []
    for round in 1...Self.rounds {
      let before = FileTree.listing(runsFolder)
      let bytes = FileTree.snapshot(runsFolder)
      let result = try interruptVerify(extra, with: signal)
      var wrong: [String] = []
      if result.runner == 0 { wrong.append("the runner never announced its hang") }
      if result.run.code != status { wrong.append("exit status \(result.run.code), not \(status)") }
      let sentence = "duet-verify verify: interrupted (\(name)): the runners were stopped; no verdict was reached.\n"
      if !result.run.error.hasSuffix(sentence) {
        wrong.append("standard error does not end with the interrupt sentence")
      }
      if !result.run.out.isEmpty { wrong.append("standard output is not empty (a verdict or failure blocks)") }
      for word in ["verify: PASS", "verify: FAIL", "crashed", "exited (signal"]
      where result.run.all.contains(word) {
        wrong.append("the output says '\(word)'")
      }
      wrong += runsChanges(from: bytes, folders: before)
      if !wrong.isEmpty { bad.append("round \(round): " + wrong.joined(separator: "; ") + "\n" + result.run.all) }
    }
    XCTAssertTrue(
      bad.isEmpty,
      "\(bad.count) of \(Self.rounds) interrupted runs reached a verdict or wrote:\n" + bad.joined(separator: "\n"),
      file: file, line: line)
  }

  /// What the stopped run changed in `.runs/` that it must not have: any byte of the report
  /// (`verify/`), any folder or file beside it (a staging folder left), or a staged report of a
  /// runner the signal killed. (The shared staging folder is the run's scratch: a failure found
  /// before the signal may be staged there, as the next run would overwrite it.)
  func runsChanges(from bytes: [String: Data], folders: [String]) -> [String] {
    var wrong: [String] = []
    let after = FileTree.snapshot(runsFolder)
    let report = { (files: [String: Data]) in files.filter { $0.key.hasPrefix("verify/") } }
    if report(after) != report(bytes) { wrong.append(".runs/verify changed") }
    let outside = { (names: [String]) in names.filter { !$0.hasPrefix(".verify-staging/fixtures/") } }
    if outside(FileTree.listing(runsFolder)) != outside(folders) {
      wrong.append(".runs/ holds \(FileTree.listing(runsFolder)), not \(folders)")
    }
    for (name, data) in after where name.hasPrefix(".verify-staging/") && bytes[name] != data {
      let text = String(decoding: data, as: UTF8.self)
      if text.contains("signal 9") || text.contains("exited") {
        wrong.append("the killed runner's failure was staged in \(name): \(text.prefix(300))")
      }
    }
    return wrong
  }

  func testAnInterruptedVerifyPrintsOnlyTheInterruptAndLeavesRunsUnchanged() throws {
    try assertInterruptsReachNoVerdict([], signal: SIGINT, name: "SIGINT", status: 130)
  }

  func testAnInterruptedVerifyWithJSONOutputPrintsNoReport() throws {
    try assertInterruptsReachNoVerdict(["--json"], signal: SIGTERM, name: "SIGTERM", status: 143)
  }

  /// `explain counter#3` replays through the decrement the runner hangs on: interrupted, it prints no
  /// failure block for the runner the stop killed, only the interrupt sentence.
  func testAnInterruptedExplainOfAStepPrintsOnlyTheInterrupt() throws {
    var bad: [String] = []
    for round in 1...Self.rounds {
      let arguments =
        ["explain", "counter#3", "--timeout", "30"]
        + (try repository.misbehaving(
          "--features counter,lamp,ping,pong --fault hang --on decrement --announce ANNOUNCE"))
      let result = try InterruptedRecord.start(arguments, in: repository, scratch: scratch, signal: SIGINT)
      let sentence = "duet-verify explain: interrupted (SIGINT): the runners were stopped; no verdict was reached.\n"
      if result.runner == 0 || result.run.code != 130 || result.run.error != sentence || !result.run.out.isEmpty {
        bad.append("round \(round): \(result.run.code)\n" + result.run.all)
      }
    }
    XCTAssertTrue(
      bad.isEmpty, "\(bad.count) of \(Self.rounds) interrupted explains said more:\n" + bad.joined(separator: "\n"))
  }
}
