import Foundation
import TestSupport
import XCTest

/// docs/canonical-json.md, "Typed values → canonical": a `Set`'s canonical bytes never depend on
/// hashing or process. Swift seeds its hashing per process, so only two processes can show it.
final class CanonicalSetAcrossProcessesTests: XCTestCase {
  func testSetEncodesToTheSameBytesInEveryProcess() throws {
    let runner = try BuiltProducts.executable(named: "misbehaving-runner")
    let folder = FileManager.default.temporaryDirectory
    // Hashing stays seeded per process, as it is for every real runner.
    let environment = ["SWIFT_DETERMINISTIC_HASHING": "false"]
    let first = try CommandRun.run(runner, ["--print-canonical-set"], in: folder, environment: environment)
    let second = try CommandRun.run(runner, ["--print-canonical-set"], in: folder, environment: environment)
    XCTAssertEqual(first.code, 0, first.error)
    XCTAssertEqual(second.code, 0, second.error)
    XCTAssertEqual(first.out, second.out, "two processes wrote the same sets differently")
    XCTAssertEqual(first.out, Self.expected + "\n")
  }

  /// The sample (misbehaving-runner's `CanonicalSetSample`), each set written as its elements'
  /// compact texts sorted by their UTF-8 bytes: `10` before `9`, `clear` before `dim`.
  static var expected: String {
    func array(_ elements: [String]) -> String {
      "[" + elements.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.joined(separator: ",") + "]"
    }
    let names = array((0..<64).map { "\"element-\($0)\"" })
    let marks = array([#"{"case":"clear"}"#] + (0..<16).map { #"{"case":"dim","value":\#($0)}"# })
    let groups = array((0..<8).map { group in array((0..<4).map { String(group * 10 + $0) }) })
    return #"{"groups":\#(groups),"marks":\#(marks),"names":\#(names)}"#
  }
}
