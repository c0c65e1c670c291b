import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `verify` that loses `.runs/.verify.lock` to another run stages its report in a fresh
/// `.runs/.verify-<pid>-<hex>`. Through the real executable: a signal's stop removes that folder
/// (and the shared `.runs/.verify-staging` when the stopped run made it) before the process ends; a
/// folder left by a run killed with SIGKILL is removed by the next `verify`; and a live run's
/// staging folder is never removed by another run. The test holds the lock itself, so the verifier
/// always loses it.
final class VerifyStagingLeftoverTests: InterruptTestCase {
  var runsFolder: URL { repository.root.appendingPathComponent(".runs", isDirectory: true) }

  override func setUpWithError() throws {
    try super.setUpWithError()
    // A finished run: `.runs/verify` holds its report.
    let run = try repository.duet(["verify"])
    XCTAssertEqual(run.code, 0, run.all)
  }

  /// Takes `.runs/.verify.lock` as a running `verify` does; closing the descriptor lets it go.
  func holdVerifyLock() throws -> Int32 {
    let descriptor = open(runsFolder.appendingPathComponent(".verify.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw XCTSkip("cannot open .runs/.verify.lock") }
    XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0, "no verify holds the lock yet")
    return descriptor
  }

  /// The fresh staging folders in `.runs/` (`.verify-*` but the shared `.verify-staging`).
  func freshStagingFolders() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: runsFolder.path)) ?? []
    return names.filter { $0.hasPrefix(".verify-") && $0 != ".verify-staging" }.sorted()
  }

  /// Every file of the report in `.runs/verify`, by path and bytes.
  func report() -> [String: Data] { FileTree.snapshot(runsFolder.appendingPathComponent("verify")) }

  /// `verify` on a runner that answers counter and lamp, then hangs on decrement and announces it;
  /// `meanwhile` runs then, and `signal` comes after it.
  func interruptVerify(
    with signal: Int32, deadline: Double = 15, meanwhile: (_ verifier: pid_t) -> Void = { _ in }
  ) throws -> InterruptedRecord {
    let arguments =
      ["verify", "--jobs", "1", "--timeout", "30"]
      + (try repository.misbehaving("--features counter,lamp,ping,pong --fault hang --on decrement --announce ANNOUNCE"))
    return try InterruptedRecord.start(
      arguments, in: repository, scratch: scratch, signal: signal, deadline: deadline, meanwhile: meanwhile)
  }

  func testAnInterruptedVerifyThatLostTheLockRemovesItsStagingFolder() throws {
    let lock = try holdVerifyLock()
    defer { close(lock) }
    let before = report()
    var bad: [String] = []
    for (round, signal) in [SIGINT, SIGTERM, SIGINT, SIGTERM].enumerated() {
      var staged: [String] = []
      let result = try interruptVerify(with: signal) { _ in staged = self.freshStagingFolders() }
      var wrong: [String] = []
      if result.runner == 0 { wrong.append("the runner never announced its hang") }
      if staged.count != 1 { wrong.append("while it ran, .runs/ held \(staged) (one staging folder expected)") }
      if result.run.code != 128 + signal { wrong.append("exit status \(result.run.code)") }
      if !freshStagingFolders().isEmpty { wrong.append("it left \(freshStagingFolders()) in .runs/") }
      if report() != before { wrong.append(".runs/verify changed") }
      if !wrong.isEmpty { bad.append("round \(round + 1): " + wrong.joined(separator: "; ") + "\n" + result.run.all) }
    }
    XCTAssertTrue(
      bad.isEmpty, bad.joined(separator: "\n") + "\n" + FileTree.listing(runsFolder).joined(separator: "\n"))
  }

  func testAnInterruptedFirstVerifyRemovesTheSharedStagingFolderItMade() throws {
    // After one finished run there is no `.runs/.verify-staging` yet: the interrupted run makes it.
    XCTAssertFalse(FileManager.default.fileExists(atPath: runsFolder.appendingPathComponent(".verify-staging").path))
    let before = report()
    var made = false
    let result = try interruptVerify(with: SIGINT) { _ in
      made = FileManager.default.fileExists(atPath: self.runsFolder.appendingPathComponent(".verify-staging").path)
    }
    XCTAssertEqual(result.run.code, 130, result.run.all)
    XCTAssertTrue(made, "the run staged in .runs/.verify-staging")
    XCTAssertEqual(FileTree.listing(runsFolder).filter { !$0.hasPrefix("verify/") }, [".gitignore", ".verify.lock"])
    XCTAssertEqual(report(), before)
  }

  func testAVerifyRemovesTheStagingFolderARunKilledWithSIGKILLLeft() throws {
    let lock = try holdVerifyLock()
    let killed = try interruptVerify(with: SIGKILL)
    XCTAssertNotEqual(killed.runner, 0, "the runner announced its hang")
    let left = freshStagingFolders()
    XCTAssertEqual(left.count, 1, "a SIGKILL gives the run no chance to clean up: \(FileTree.listing(runsFolder))")
    close(lock)
    let run = try repository.duet(["verify"])
    XCTAssertEqual(run.code, 0, run.all)
    XCTAssertEqual(freshStagingFolders(), [], "the next verify removed \(left)")
  }

  func testALiveRunsStagingFolderIsNeverRemovedByAnotherRun() throws {
    let lock = try holdVerifyLock()
    var lockHeld = true
    defer { if lockHeld { close(lock) } }
    var live: [String] = []
    var afterOthers: [[String]] = []
    var others: [CommandRun] = []
    let result = try interruptVerify(with: SIGTERM, deadline: 120) { verifier in
      live = self.freshStagingFolders()
      // One run that loses the lock too (it stages in a fresh folder of its own), one that wins it.
      for _ in 0..<2 {
        if let run = try? self.repository.duet(["verify"]) { others.append(run) }
        afterOthers.append(self.freshStagingFolders())
        close(lock)
        lockHeld = false
      }
      XCTAssertTrue(
        live.first?.hasPrefix(".verify-\(verifier)-") == true,
        "the hanging run's staging folder carries its pid: \(live)")
    }
    XCTAssertEqual(live.count, 1, "the hanging run staged in a fresh folder: \(live)")
    XCTAssertEqual(others.map(\.code), [0, 0], others.map(\.all).joined(separator: "\n"))
    XCTAssertEqual(
      afterOthers, [live, live], "the other runs left the hanging run's staging folder, and none of theirs")
    XCTAssertEqual(result.run.code, 143, result.run.all)
    XCTAssertEqual(freshStagingFolders(), [], "the stopped run removed its own")
  }
}
