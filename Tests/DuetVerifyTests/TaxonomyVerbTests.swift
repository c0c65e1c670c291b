import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// `duet-verify taxonomy` and the gate inside `verify`'s loading pass, over a real folder.
final class TaxonomyVerbTests: FolderTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    let track: JSONValue = .object([
      "kind": .string("run"),
      "payload": .object([
        "case": .string("track"),
        "value": .object([
          "event": .object(["params": .array([]), "subject": .string("Counter"), "verb": .string("Viewed")])
        ]),
      ]),
    ])
    guard case .object(var top) = FixtureText.counterTree(), case .array(var steps)? = top["steps"],
      case .object(var first) = steps[0]
    else { return XCTFail("fixture shape") }
    first["expectedEffects"] = .array([track])
    steps[0] = .object(first)
    top["steps"] = .array(steps)
    try folder.write("fixtures/counter.fixture.json", try CanonicalWriter.pretty(.object(top)))
  }

  func run(_ arguments: [String]) -> (code: ExitCode, out: String, error: String) {
    CapturedOutput.run(arguments, in: folder.url)
  }

  func testADeclaredTaxonomyMatchingTheRecordingsPasses() throws {
    try folder.write(
      "manifest.yaml",
      "features:\n  counter:\n    fixtures:\n      - counter\n    events:\n      - Counter Viewed\n")
    let result = run(["taxonomy"])
    XCTAssertEqual(result.code, .passed, result.out + result.error)
    assertContains(result.out, "Counter Viewed")
  }

  func testAnUndeclaredEventFailsTheTaxonomyVerb() throws {
    try folder.write(
      "manifest.yaml",
      "features:\n  counter:\n    fixtures:\n      - counter\n    events:\n      - Counter Opened\n")
    XCTAssertEqual(run(["taxonomy", "--json"]).code, .failed)
  }

  func testConflictingFormatsAreAUsageError() throws {
    try folder.write("manifest.yaml", counterManifest)
    XCTAssertEqual(run(["taxonomy", "--json", "--markdown"]).code, .usage)
  }
}
