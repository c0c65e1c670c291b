import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// `duet-verify canonical [--pretty] [FILE|-]` (issue 2): normalise JSON, or say exactly what is wrong.
final class CanonicalCommandTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
    var out = ""
    var err = ""
    let output = CommandOutput(out: { out += $0 }, error: { err += $0 })
    let code = DuetVerifyCLI.run(["canonical"] + arguments, output: output, environment: [:])
    return (code, out, err)
  }

  func write(_ text: String) throws -> String {
    let file = directory.appendingPathComponent("input.json")
    try Data(text.utf8).write(to: file)
    return file.path
  }

  func testCanonicalPrintsTheCompactForm() throws {
    let result = run([try write(#"{ "b": 1, "a": [true, null] }"#)])
    XCTAssertEqual(result.code, .passed)
    XCTAssertEqual(result.out, #"{"a":[true,null],"b":1}"# + "\n")
  }

  func testCanonicalPrettyPrintsTheFileForm() throws {
    let result = run(["--pretty", try write(#"{"b":{},"a":1}"#)])
    XCTAssertEqual(result.out, "{\n  \"a\": 1,\n  \"b\": {}\n}\n")
  }

  func testCanonicalRefusesInvalidInputWithItsLocationAndExitsOne() throws {
    let path = try write("{\"a\":1,\n\"a\":2}")
    let result = run([path])
    XCTAssertEqual(result.code, .failed)
    XCTAssertEqual(result.err, "\(path):2:1: duplicate key 'a' at $\n")
    XCTAssertEqual(result.out, "")
  }

  func testCanonicalRefusesFloatsWithTheirPath() throws {
    let result = run([try write(#"{"price":{"amount":1.5}}"#)])
    XCTAssertEqual(result.code, .failed)
    assertContains(result.err, "(got 1.5 at price.amount)")
  }

  func testCanonicalReportsAnUnreadableFile() {
    let result = run([directory.appendingPathComponent("missing.json").path])
    XCTAssertEqual(result.code, .failed)
    assertContains(result.err, "cannot read")
  }

  func testCanonicalRejectsUnknownOptionsAsUsage() {
    XCTAssertEqual(run(["--sorted"]).code, .usage)
  }
}
