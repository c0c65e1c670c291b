import DuetCore
import XCTest

/// docs/canonical-json.md, "First divergence": one path and two fragments.
final class FirstDivergenceTests: XCTestCase {
  func divergence(_ expected: String, _ actual: String, root: String = "expectedState") throws -> FirstDivergence? {
    FirstDivergence.between(try JSONParser().parse(expected), try JSONParser().parse(actual), root: root)
  }

  func testEqualTreesHaveNoDivergence() throws {
    XCTAssertNil(try divergence(#"{"a":[1,{"b":2}]}"#, #"{"a":[1,{"b":2}]}"#))
  }

  func testScalarDifferenceDivergesAtItsPath() throws {
    let found = try XCTUnwrap(try divergence(#"{"selected":[{"name":"Dana"}]}"#, #"{"selected":[{"name":"Ben"}]}"#))
    XCTAssertEqual(found.path.description, "expectedState.selected[0].name")
    XCTAssertEqual(found.expectedText, #""Dana""#)
    XCTAssertEqual(found.actualText, #""Ben""#)
  }

  func testMissingElementPrintsEmptySet() throws {
    let found = try XCTUnwrap(
      try divergence("[]", #"[{"id":"splash.safetyNet","kind":"run"}]"#, root: "expectedEffects"))
    XCTAssertEqual(found.path.description, "expectedEffects[0]")
    XCTAssertEqual(found.expectedText, "∅")
    XCTAssertEqual(found.actualText, #"{"id":"splash.safetyNet","kind":"run"}"#)
  }

  func testMissingKeyOnTheActualSideDivergesThere() throws {
    let found = try XCTUnwrap(try divergence(#"{"a":1,"b":2}"#, #"{"a":1}"#))
    XCTAssertEqual(found.path.description, "expectedState.b")
    XCTAssertEqual(found.actualText, "∅")
  }

  func testKeysAreWalkedInCanonicalOrderOverTheUnion() throws {
    let found = try XCTUnwrap(try divergence(#"{"b":1,"c":1}"#, #"{"a":1,"c":2}"#))
    XCTAssertEqual(found.path.description, "expectedState.a")
    XCTAssertEqual(found.expectedText, "∅")
    XCTAssertEqual(found.actualText, "1")
  }

  func testTypeMismatchDivergesAtTheCurrentPath() throws {
    let found = try XCTUnwrap(try divergence(#"{"a":{"x":1}}"#, #"{"a":[1]}"#))
    XCTAssertEqual(found.path.description, "expectedState.a")
    XCTAssertEqual(found.expectedText, #"{"x":1}"#)
    XCTAssertEqual(found.actualText, "[1]")
  }

  func testUUIDCaseIsNotADivergence() throws {
    XCTAssertNil(try divergence(#""DEADBEEF-0000-1111-2222-ABCDEFABCDEF""#, #""deadbeef-0000-1111-2222-abcdefabcdef""#))
  }
}
