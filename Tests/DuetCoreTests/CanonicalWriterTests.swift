import DuetCore
import XCTest

/// docs/canonical-json.md, "Compact form" and "Pretty form": the byte gate.
final class CanonicalWriterTests: XCTestCase {
  func compact(_ text: String) throws -> String { try CanonicalWriter.compact(JSONParser().parse(text)) }
  func pretty(_ text: String) throws -> String { try CanonicalWriter.pretty(JSONParser().parse(text)) }

  func testCompactFormHasNoWhitespaceAndSortedKeys() throws {
    XCTAssertEqual(
      try compact(#"{ "b" : 1, "a" : { "d" : [ 1 , 2 ], "c" : null } }"#), #"{"a":{"c":null,"d":[1,2]},"b":1}"#)
  }

  func testKeysSortByUTF8BytesNotByLocale() throws {
    XCTAssertEqual(try compact(#"{"é":1,"z":2,"Z":3,"a":4,"_":5}"#), #"{"Z":3,"_":5,"a":4,"z":2,"é":1}"#)
  }

  func testOnlyQuoteBackslashAndControlCharactersAreEscaped() throws {
    XCTAssertEqual(
      CanonicalWriter.quoted("q\"b\\s/\u{7F}\u{2028}é😀\n\r\t\u{8}\u{1F}"),
      #""q\"b\\s/"# + "\u{7F}\u{2028}é😀" + #"\n\r\t\u0008\u001f""#)
  }

  func testAppendingAQuotedStringWritesExactlyItsQuotedForm() {
    for text in ["", "plain", "q\"b\\s/\u{7F}é😀\n\r\t\u{8}\u{1F}", "DEADBEEF-0000-1111-2222-ABCDEFABCDEF"] {
      var bytes = Array("prefix:".utf8)
      CanonicalWriter.appendQuoted(text, to: &bytes)
      XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "prefix:" + CanonicalWriter.quoted(text))
    }
  }

  func testUUIDShapedValuesAndKeysAreLowerCased() throws {
    XCTAssertEqual(
      try compact(#"{"A0B1C2D3-E4F5-A6B7-C8D9-E0F1A2B3C4D5":"DEADBEEF-0000-1111-2222-ABCDEFABCDEF"}"#),
      #"{"a0b1c2d3-e4f5-a6b7-c8d9-e0f1a2b3c4d5":"deadbeef-0000-1111-2222-abcdefabcdef"}"#)
  }

  func testNearlyUUIDShapedStringsKeepTheirCase() throws {
    XCTAssertEqual(
      try compact(#"["ABC","DEADBEEF-0000-1111-2222-ABCDEFABCDEG","X"]"#),
      #"["ABC","DEADBEEF-0000-1111-2222-ABCDEFABCDEG","X"]"#)
  }

  func testNullIsWrittenWhenPresent() throws {
    XCTAssertEqual(try compact(#"{"a":null}"#), #"{"a":null}"#)
  }

  func testTopLevelScalarsAreAllowed() throws {
    XCTAssertEqual(try compact("42"), "42")
    XCTAssertEqual(try compact(#""x""#), #""x""#)
    XCTAssertEqual(try pretty("true"), "true\n")
  }

  func testNegativeZeroIsWrittenAsZero() throws {
    XCTAssertEqual(try compact("-0"), "0")
  }

  func testFloatingPointIsRefusedWithItsPath() throws {
    XCTAssertThrowsError(try compact(#"{"expectedState":{"price":1.5}}"#)) { error in
      XCTAssertEqual(
        "\(error)", "floating-point values are forbidden in fixture-visible types (got 1.5 at expectedState.price)")
    }
  }

  func testFloatingPointPathIsRootedWhenTheCallerNamesTheRoot() throws {
    let tree = try JSONParser().parse(#"{"items":[{"price":2.0}]}"#)
    XCTAssertThrowsError(try CanonicalWriter.compact(tree)) { error in
      let error = (error as! CanonicalWriteError).rooted(at: "expectedState")
      XCTAssertEqual(
        error.description,
        "floating-point values are forbidden in fixture-visible types (got 2.0 at expectedState.items[0].price)")
    }
  }

  func testIntegersBeyondSixtyFourBitsAreRefused() throws {
    XCTAssertThrowsError(try compact(#"{"n":18446744073709551616}"#)) { error in
      XCTAssertEqual(
        "\(error)", "integer 18446744073709551616 at n does not fit in 64 bits; the dialect's integers are Int64")
    }
  }

  func testTelemetryDoubleParameterIsTheOneNonIntegerAllowed() throws {
    XCTAssertEqual(
      try compact(#"{"case":"double","value":{"key":"duration_s","value":1.50}}"#),
      #"{"case":"double","value":{"key":"duration_s","value":1.5}}"#)
    XCTAssertThrowsError(try compact(#"{"case":"double","value":{"key":"duration_s","other":1.5}}"#))
    XCTAssertThrowsError(try compact(#"{"case":"int","value":{"key":"n","value":1.5}}"#))
  }

  func testTelemetryDoubleThatOverflowsIsRefused() throws {
    XCTAssertThrowsError(try compact(#"{"case":"double","value":{"key":"k","value":1e999}}"#)) { error in
      XCTAssertEqual(
        "\(error)", "telemetry double 1e999 at value.value is not a finite number; NaN and infinity are refused")
    }
  }

  func testPrettyFormIndentsTwoSpacesWithOneEntryPerLine() throws {
    XCTAssertEqual(
      try pretty(#"{"b":[1,{"c":"x"}],"a":true}"#),
      """
      {
        "a": true,
        "b": [
          1,
          {
            "c": "x"
          }
        ]
      }

      """)
  }

  func testPrettyFormKeepsEmptyCompositesInlineAtAnyDepth() throws {
    XCTAssertEqual(
      try pretty(#"{"a":{},"b":[],"c":[{},[]]}"#),
      """
      {
        "a": {},
        "b": [],
        "c": [
          {},
          []
        ]
      }

      """)
    XCTAssertEqual(try pretty("{}"), "{}\n")
  }

  func testPrettyFormEndsWithExactlyOneNewline() throws {
    let text = try pretty(#"{"a":1}"#)
    XCTAssertTrue(text.hasSuffix("}\n"))
    XCTAssertFalse(text.hasSuffix("\n\n"))
  }

  func testParseThenWriteIsAFixedPoint() throws {
    let inputs = [#"{"b":[1,{"c":"\u0001é"}],"a":-5}"#, "[]", #""😀""#, #"{"x":{"y":{"z":[null]}}}"#]
    for input in inputs {
      let once = try compact(input)
      XCTAssertEqual(try compact(once), once)
      let prettyOnce = try pretty(input)
      XCTAssertEqual(try pretty(prettyOnce), prettyOnce)
      XCTAssertEqual(try compact(prettyOnce), once)
    }
  }
}
