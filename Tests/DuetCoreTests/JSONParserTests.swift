import DuetCore
import XCTest

/// docs/canonical-json.md, "Values": strict RFC 8259 into an exact tree, every refusal located.
final class JSONParserTests: XCTestCase {
  func parse(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }

  func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
    do {
      _ = try JSONParser().parse(text)
      XCTFail("expected a parse error for \(text)", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  func testParsesAnExactTree() throws {
    XCTAssertEqual(
      try parse(#"{"a":[1,-2,true,false,null,"x"],"b":{}}"#),
      .object([
        "a": .array([.integer(1), .integer(-2), .bool(true), .bool(false), .null, .string("x")]),
        "b": .object([:]),
      ]))
  }

  func testDuplicateKeyIsRefusedWithItsPathAndPosition() throws {
    let error = try XCTUnwrap(refusal("{\"steps\":[{\"action\":{\"x\":1,\n \"x\":2}}]}"))
    XCTAssertEqual(error.message, "duplicate key 'x'")
    XCTAssertEqual(error.path.description, "steps[0].action")
    XCTAssertEqual(error.line, 2)
    XCTAssertEqual(error.column, 2)
    XCTAssertEqual(error.description, "2:2: duplicate key 'x' at steps[0].action")
  }

  func testTrailingCommaInAnObjectIsRefused() throws {
    XCTAssertEqual(refusal(#"{"a":1,}"#)?.message, "trailing comma before '}'")
  }

  func testTrailingCommaInAnArrayIsRefused() throws {
    XCTAssertEqual(refusal("[1,2,]")?.message, "trailing comma before ']'")
  }

  func testCommentsAreRefused() throws {
    XCTAssertEqual(refusal("// note\n{}")?.message, "comments are not allowed in JSON")
    XCTAssertEqual(refusal(#"{"a":1 /* x */}"#)?.message, "unexpected '/', expected ',' or '}'")
  }

  func testLeadingZerosAreRefused() throws {
    XCTAssertEqual(refusal(#"{"count":007}"#)?.message, "leading zeros are not allowed in numbers")
    XCTAssertEqual(refusal(#"{"count":007}"#)?.path.description, "count")
  }

  func testLoneHighSurrogateIsRefused() throws {
    XCTAssertEqual(refusal(#"["\uD83D"]"#)?.message, "lone high surrogate \\uD83D in a string")
  }

  func testLoneLowSurrogateIsRefused() throws {
    XCTAssertEqual(refusal(#"["\uDE00x"]"#)?.message, "lone low surrogate \\uDE00 in a string")
  }

  func testSurrogatePairDecodesToOneScalar() throws {
    XCTAssertEqual(try parse(#""\uD83D\uDE00""#), .string("😀"))
  }

  func testInvalidUTF8IsRefusedAtTheOffendingByte() throws {
    let bytes: [UInt8] = Array(#"{"a":"x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    XCTAssertThrowsError(try JSONParser().parse(bytes)) { error in
      let error = error as! JSONParseError
      XCTAssertEqual(error.message, "invalid UTF-8 continuation byte 0x28")
      XCTAssertEqual(error.path.description, "a")
      XCTAssertEqual(error.column, 9)
    }
  }

  func testOverlongUTF8IsRefused() throws {
    XCTAssertThrowsError(try JSONParser().parse([0x22, 0xC0, 0xAF, 0x22]))
  }

  func testNestingDeeperThanTheLimitIsRefused() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    XCTAssertEqual(refusal(deep)?.message, "nesting deeper than 512 levels")
    XCTAssertNoThrow(try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
  }

  func testNumbersWithFractionOrExponentAreNotIntegers() throws {
    XCTAssertEqual(try parse("1.0"), .fraction("1.0"))
    XCTAssertEqual(try parse("1e3"), .fraction("1e3"))
    XCTAssertEqual(try parse("-0.0"), .fraction("-0.0"))
    XCTAssertEqual(try parse("1.5"), .fraction("1.5"))
  }

  func testIntegersBeyondSixtyFourBitsKeepTheirLexeme() throws {
    XCTAssertEqual(try parse("9223372036854775807"), .integer(Int64.max))
    XCTAssertEqual(try parse("9223372036854775808"), .largeInteger("9223372036854775808"))
  }

  func testNegativeZeroIsTheIntegerZero() throws {
    XCTAssertEqual(try parse("-0"), .integer(0))
  }

  func testUnescapedControlCharacterIsRefused() throws {
    XCTAssertEqual(refusal("\"a\tb\"")?.message, "control character U+0009 must be escaped in a string")
  }

  func testInvalidEscapeIsRefused() throws {
    XCTAssertEqual(refusal(#""\x""#)?.message, "invalid escape sequence '\\x' in a string")
  }

  func testByteOrderMarkIsRefused() throws {
    XCTAssertThrowsError(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
  }

  func testTrailingContentIsRefused() throws {
    XCTAssertEqual(refusal("{} {}")?.message, "unexpected '{' after the end of the document")
  }

  func testEmptyInputIsRefused() throws {
    XCTAssertEqual(refusal("")?.message, "unexpected end of input, expected a value")
  }

  func testAKeyWithControlCharactersIsEscapedInTheMessageAndThePath() throws {
    // A key from a hostile file cannot start a line of its own in a report (a forged `::error`).
    let key = #"k\n::error file=a::forged"#
    let error = try XCTUnwrap(refusal("{\"a\":{\"\(key)\":1,\"\(key)\":2}}"))
    XCTAssertEqual(error.message, #"duplicate key 'k\n::error file=a::forged'"#)
    XCTAssertFalse(error.description.contains("\n"), error.description)
    XCTAssertEqual(
      JSONPath(root: "state").appending(key: "a\u{1B}[2J").appending(index: 0).description, #"state.a\u{1B}[2J[0]"#)
  }

  func testEscapesDecode() throws {
    XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t\u00e9""#), .string("\"\\/\u{8}\u{c}\n\r\té"))
  }
}
