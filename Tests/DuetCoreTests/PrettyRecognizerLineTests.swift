import DuetCore
import XCTest

/// The byte pass reads a document line by line: each line's indentation (with the key's opening
/// quote or the closing bracket after it) is one masked word compare, a key is ordered by its first
/// eight bytes as one word, small integers are read a word at a time, and the input is read from a
/// copy followed by zero bytes. These are the edges of that loop, each held to parse-and-re-emit.
final class PrettyRecognizerLineTests: XCTestCase {
  func accepts(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(text.utf8)
    XCTAssertTrue(CanonicalPrettyDocumentTests.reEmitsItself(bytes), text.debugDescription, file: file, line: line)
    XCTAssertTrue(CanonicalPrettyDocument.isCanonical(bytes), text.debugDescription, file: file, line: line)
  }

  func refuses(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(text.utf8)
    XCTAssertFalse(CanonicalPrettyDocument.isCanonical(bytes), text.debugDescription, file: file, line: line)
  }

  /// `depth` containers, alternately objects and arrays, around one integer.
  func nested(_ depth: Int, objectsFirst: Bool) throws -> String {
    var value = JSONValue.integer(7)
    for level in (0..<depth).reversed() {
      let isObject = (level % 2 == 0) == objectsFirst
      value = isObject ? .object(["k": value, "z": .integer(1)]) : .array([value, .bool(true)])
    }
    return try CanonicalWriter.pretty(value)
  }

  /// Every line of a deep document, at every depth up to 12 (indentations past one word of eight
  /// spaces included), with one space more or one fewer: refused, and only that.
  func testAnIndentationOneSpaceShortOrLongIsRefusedAtEveryDepth() throws {
    for objectsFirst in [true, false] {
      let text = try nested(12, objectsFirst: objectsFirst)
      accepts(text)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for index in 1..<(lines.count - 1) {
        var longer = lines
        longer[index] = " " + longer[index]
        refuses(longer.joined(separator: "\n"))
        var shorter = lines
        guard shorter[index].first == " " else { continue }
        shorter[index].removeFirst()
        refuses(shorter.joined(separator: "\n"))
      }
    }
  }

  /// Keys that differ only in their last byte, of every length from 1 to 20 (one, two and three
  /// words): in order accepted, swapped or repeated refused.
  func testKeysAreOrderedByEveryByteWhateverTheirLength() throws {
    for length in 1...20 {
      let stem = String(repeating: "k", count: length - 1)
      let (low, high) = (stem + "a", stem + "b")
      accepts("{\n  \"\(low)\": 1,\n  \"\(high)\": 2\n}\n")
      refuses("{\n  \"\(high)\": 1,\n  \"\(low)\": 2\n}\n")
      refuses("{\n  \"\(low)\": 1,\n  \"\(low)\": 2\n}\n")
      // A key before a longer key it begins.
      accepts("{\n  \"\(low)\": 1,\n  \"\(low)a\": 2\n}\n")
      refuses("{\n  \"\(low)a\": 1,\n  \"\(low)\": 2\n}\n")
    }
    // The empty key sorts first; non-ASCII keys after ASCII ones, in byte order.
    accepts("{\n  \"\": 1,\n  \"a\": 2\n}\n")
    refuses("{\n  \"a\": 1,\n  \"\": 2\n}\n")
    refuses("{\n  \"\": 1,\n  \"\": 2\n}\n")
    accepts("{\n  \"z\": 1,\n  \"é\": 2,\n  \"éa\": 3\n}\n")
    refuses("{\n  \"é\": 1,\n  \"z\": 2\n}\n")
    accepts("{\n  \"abcdefgh\": 1,\n  \"abcdefgé\": 2\n}\n")
    refuses("{\n  \"abcdefgé\": 1,\n  \"abcdefgh\": 2\n}\n")
  }

  /// A UUID-shaped key follows the same case rule as a UUID-shaped string value.
  func testAnUpperCaseUUIDKeyIsRefusedAndALowerCaseOneAccepted() {
    accepts("{\n  \"deadbeef-0000-1111-2222-abcdefabcdef\": 1\n}\n")
    refuses("{\n  \"DEADBEEF-0000-1111-2222-ABCDEFABCDEF\": 1\n}\n")
  }

  /// A value that ends the input is read up to the input's end, never past it: whole and with its
  /// newline accepted, cut short or without the newline refused.
  func testAValueAtTheEndOfTheInputIsReadExactly() {
    for value in [
      "1", "-1", "1234567", "12345678", "-1234567", "123456789012345678", "\"abc\"", "\"abcdefghijk\"",
      "true", "false", "null", "[]", "{}",
    ] {
      accepts(value + "\n")
      refuses(value)
      // Cut short (a number cut short is another number).
      if value.last?.isNumber == false { refuses(String(value.dropLast()) + "\n") }
      refuses(value + "\n\n")
      refuses(value + " \n")
    }
  }

  /// Integers around the word the pass reads them in (seven digits and a sign fit one), with the
  /// writer's form: no leading zero, no `-0`, no fraction or exponent.
  func testIntegersOfEveryLengthAreReadInTheWritersForm() {
    for digits in 1...18 {
      let number = String(repeating: "9", count: digits)
      accepts("[\n  \(number),\n  -\(number)\n]\n")
      refuses("[\n  0\(number)\n]\n")
      refuses("[\n  -0\(number)\n]\n")
      refuses("[\n  \(number).0\n]\n")
      refuses("[\n  \(number)e1\n]\n")
    }
    accepts("[\n  0\n]\n")
    refuses("[\n  -0\n]\n")
    refuses("[\n  -\n]\n")
    accepts("[\n  9223372036854775807,\n  -9223372036854775808\n]\n")
    refuses("[\n  9223372036854775808\n]\n")
    refuses("[\n  99999999999999999999\n]\n")
  }

  /// More indexed values than the first guess at the index's size (an array of small integers
  /// right under the root): the pass runs again with room for all, and every value is indexed.
  func testADocumentWithMoreShallowValuesThanTheGuessIsIndexedWhole() throws {
    let tree = JSONValue.array((0..<2_000).map { .integer(Int64($0 % 10)) })
    let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
    let document = try XCTUnwrap(CanonicalPrettyDocument(validating: bytes))
    let elements = try XCTUnwrap(document.elements(of: document.root))
    XCTAssertEqual(elements.count, 2_000)
    XCTAssertEqual(document.compact(of: elements[1_999]), "9")
    XCTAssertEqual(String(decoding: document.compactText, as: UTF8.self), try CanonicalWriter.compact(tree))
  }

  /// Nesting: 500 open containers are read, one more is left to the parser (the pass stays well
  /// inside the parser's own limit).
  func testFiveHundredOpenContainersAreReadAndOneMoreIsLeftToTheParser() {
    func arrays(_ depth: Int) -> String {
      var text = ""
      for level in 0..<depth { text += "[\n" + String(repeating: " ", count: 2 * (level + 1)) }
      text += "1"
      for level in (0..<depth).reversed() { text += "\n" + String(repeating: " ", count: 2 * level) + "]" }
      return text + "\n"
    }
    XCTAssertTrue(CanonicalPrettyDocument.isCanonical(Array(arrays(500).utf8)))
    XCTAssertFalse(CanonicalPrettyDocument.isCanonical(Array(arrays(501).utf8)))
  }
}
