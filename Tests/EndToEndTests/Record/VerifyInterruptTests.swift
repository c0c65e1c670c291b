import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT or SIGTERM during `verify` stops its runners too: they live in their own process groups, so
/// a terminal's Ctrl-C never reaches them, and a hung one would otherwise outlive the verifier.
final class VerifyInterruptTests: InterruptTestCase {
  func interruptVerify(with signal: Int32) throws -> InterruptedRecord {
    let arguments =
      ["verify", "--jobs", "1", "--timeout", "30"]
      + (try repository.misbehaving("--features counter,lamp,ping,pong --fault hang --on decrement --announce ANNOUNCE"))
    return try InterruptedRecord.start(arguments, in: repository, scratch: scratch, signal: signal)
  }

  func testSIGINTDuringVerifyStopsTheHungRunnerAndSaysSo() throws {
    let result = try interruptVerify(with: SIGINT)
    XCTAssertNotEqual(result.runner, 0, "the runner never announced its hang")
    XCTAssertTrue(result.exited, "the verifier was killed by the signal instead of handling it")
    XCTAssertEqual(result.run.code, 130, result.run.all)
    XCTAssertFalse(result.runnerOutlived, "the hung runner outlived the interrupted verifier")
    XCTAssertTrue(
      result.run.error.contains(
        "duet-verify verify: interrupted (SIGINT): the runners were stopped; no verdict was reached."), result.run.all)
  }

  func testSIGTERMDuringVerifyStopsTheHungRunner() throws {
    let result = try interruptVerify(with: SIGTERM)
    XCTAssertEqual(result.run.code, 143, result.run.all)
    XCTAssertFalse(result.runnerOutlived, "the hung runner outlived the interrupted verifier")
  }
}
