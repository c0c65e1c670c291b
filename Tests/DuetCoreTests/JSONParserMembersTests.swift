import DuetCore
import XCTest

/// `parseMembers`, the protocol line's unhashed read, must agree with `parse` on every input: the
/// same members, and the same refusal (message, line, column, path) for every broken document.
final class JSONParserMembersTests: XCTestCase {
  let parser = JSONParser()

  func members(_ text: String) throws -> [String: JSONValue]? {
    guard let list = try parser.parseMembers(Array(text.utf8)) else { return nil }
    return Dictionary(uniqueKeysWithValues: list)
  }

  func testMembersEqualTheParsedObjectOnTrickyDocuments() throws {
    let documents = [
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":13,"isAutoIncrementing":false}}"#,
      #" {"a\"b\\c\n\u0001":"tab\there","\u00e9t\u00e9":"caf\u00e9 \ud83d\ude00 日本","/":"\/"} "#,
      #"{"big":123456789012345678901234567890,"neg":-9223372036854775808,"f":-0.0e+5,"z":0,"max":9223372036854775807}"#,
      #"{"sum":{"case":"a","value":{"case":"b","value":[{"case":"c"},[],{},null,true,false]}}}"#,
      #"{}"#,
    ]
    for text in documents {
      guard case .object(let expected) = try parser.parse(text) else { return XCTFail("not an object: \(text)") }
      XCTAssertEqual(try members(text), expected, text)
    }
  }

  func testMembersKeepSourceOrder() throws {
    let list = try XCTUnwrap(parser.parseMembers(Array(#"{"op":"reduce","action":1,"feature":"x"}"#.utf8)))
    XCTAssertEqual(list.map(\.0), ["op", "action", "feature"])
  }

  func testADocumentThatIsNotAnObjectHasNoMembers() throws {
    for text in [#"[1,2]"#, #""op""#, "42", "null", " true "] {
      XCTAssertNil(try members(text), text)
    }
  }

  func testMembersRefuseEveryBrokenDocumentExactlyAsParseDoes() {
    let broken = [
      #"{"op":"reduce","op":"exit"}"#,
      #"{"state":{"count":1,"count":2}}"#,
      #"{"state":{"items":[1,{"a":01}]}}"#,
      #"{"a":1,}"#,
      #"{"a":1} x"#,
      "{\"a\":\"\u{01}\"}",
      #"{"a":"\ud800"}"#,
      #"{"a":[1,2"#,
      "\u{FEFF}{}",
      #"[1,"#,
      "{\"a\":{\"b\":[0,\n{\"c\":tru}]}}",
    ]
    for text in broken {
      let bytes = Array(text.utf8)
      var expected: JSONParseError?
      do { _ = try parser.parse(bytes) } catch { expected = error }
      var found: JSONParseError?
      do { _ = try parser.parseMembers(bytes) } catch { found = error }
      XCTAssertNotNil(expected, text)
      XCTAssertEqual(found, expected, text)
    }
  }

  func testAnErrorDeepInsideNamesItsFullPath() {
    let text = "{\"a\":{\"b\":[0,\n{\"c\":tru}]}}"
    XCTAssertThrowsError(try parser.parseMembers(Array(text.utf8))) { error in
      guard let error = error as? JSONParseError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.path.description, "a.b[1].c")
      XCTAssertEqual(error.line, 2)
    }
  }
}
