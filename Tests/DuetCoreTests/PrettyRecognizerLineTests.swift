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

  /// The pretty text of `value`, accepted, with the compact text the compact writer's and each
  /// member's key and value where the parser puts them (a pass that reuses what it learnt from an
  /// earlier object, as the key shortcut tried in docs/performance.md did, must still copy each key
  /// whole).
  func acceptsWithItsCompactForm(_ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws {
    let text = try CanonicalWriter.pretty(value)
    accepts(text, file: file, line: line)
    let document = try XCTUnwrap(CanonicalPrettyDocument(validating: Array(text.utf8)), file: file, line: line)
    XCTAssertEqual(
      String(decoding: document.compactText, as: UTF8.self), try CanonicalWriter.compact(value), file: file, line: line)
    var pending = [document.root]
    while let next = pending.popLast() {
      XCTAssertEqual(document.value(of: next), try JSONParser().parse(Array(document.compact(of: next).utf8)))
      if let members = document.members(of: next) {
        pending += members.map(\.value)
        for (key, member) in members {
          guard case .object(let parsed) = document.value(of: next) else { continue }
          XCTAssertEqual(parsed[key], document.value(of: member), "\(key) in \(text)", file: file, line: line)
        }
      } else if let elements = document.elements(of: next) {
        pending += elements
      }
    }
  }

  /// One object of the keys after another at the same depth, in an array: `[{…}, {…}, …]`.
  func objects(_ keyLists: [[String]]) -> JSONValue {
    .array(keyLists.map { keys in .object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.integer(1)) })) })
  }

  /// Pretty text of objects in an array, each with its keys in the order given (not sorted).
  func objectsText(_ keyLists: [[String]]) -> String {
    let objects = keyLists.map { keys in
      "  {\n" + keys.map { "    \"\($0)\": 1" }.joined(separator: ",\n") + "\n  }"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  /// A key that matches the one at its position in the previous object at its depth but for its
  /// last byte, of every length up to three words: read as itself (a shortcut that compared one
  /// byte too few, or two of three words, failed here).
  func testAKeyDifferingFromThePreviousObjectsKeyInItsLastByteIsReadWhole() throws {
    for length in 1...24 {
      let stem = String(repeating: "k", count: length - 1)
      let (low, middle, high) = (stem + "a", stem + "b", stem + "c")
      try acceptsWithItsCompactForm(objects([[low, high], [low, middle], [middle, high]]))
      // The second key repeats the first but for the last byte of the previous object's second key.
      refuses(objectsText([[low, middle], [low, low]]))
      refuses(objectsText([[low, middle], [middle, low]]))
      refuses(objectsText([[low, high], [low, middle], [low, low]]))
    }
  }

  /// A key shorter or longer than the one at its position in the previous object, which it begins
  /// or which begins it: read as itself (its own length, its own order; a shortcut that compared
  /// the key without its closing quote failed here).
  func testAKeyShorterOrLongerThanThePreviousObjectsKeyIsReadAsItself() throws {
    for length in 1...14 {
      let key = String(repeating: "k", count: length)
      try acceptsWithItsCompactForm(objects([[key], [key + "a"], [key], [key + "ab"], ["a", key]]))
      try acceptsWithItsCompactForm(objects([["a", key + "a"], ["a", key], ["a", key + "a"]]))
      refuses(objectsText([[key, key + "a"], [key + "a", key]]))
      refuses(objectsText([[key, key + "a"], [key, key]]))
      refuses(objectsText([[key, key + "a"], [key, key + "a", key]]))
    }
  }

  /// Objects with fewer or more keys than the one before them at the same depth: the keys the
  /// previous object had past this one's, or this one's past the previous one's, are read as
  /// themselves; a key left in place from an older object is never taken as ordered after a key
  /// that replaced the one before it (a shortcut that left that older key usable failed here).
  func testObjectsWithFewerOrMoreKeysThanThePreviousOneAreReadAsThemselves() throws {
    let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    for count in 1...keys.count {
      try acceptsWithItsCompactForm(
        objects([Array(keys.prefix(count)), Array(keys), Array(keys.prefix(count)), Array(keys.prefix(count))]))
    }
    try acceptsWithItsCompactForm(objects([["a", "b", "c"], ["a", "d"], ["a", "d", "e"], ["a", "b", "c"]]))
    // `c` was the third key of the first object and `b` its second; `d` replaced `b`.
    refuses(objectsText([["a", "b", "c"], ["a", "d"], ["a", "d", "c"]]))
    refuses(objectsText([["a", "b", "c"], ["a", "d", "c"]]))
    refuses(objectsText([["a", "b", "c", "d"], ["a", "c"], ["a", "c", "c"]]))
  }

  /// Objects open at different depths at once, each under its parent's first key: each keeps its
  /// own keys (the inner object's keys do not stand for the outer one's next key; a shortcut whose
  /// remembered keys were shared between depths failed here).
  func testObjectsAtDifferentDepthsKeepTheirOwnKeys() throws {
    let inner = JSONValue.object(["a": .integer(1), "b": .integer(2)])
    try acceptsWithItsCompactForm(
      .object(["k": .object(["k": inner, "z": .integer(3)]), "z": .array([inner, .object(["k": inner])])]))
    refuses("{\n  \"k\": {\n    \"k\": {\n      \"a\": 1,\n      \"b\": 2\n    },\n    \"b\": 3\n  }\n}\n")
    refuses(
      "[\n  {\n    \"a\": 1,\n    \"b\": 2\n  },\n  [\n    {\n      \"b\": 1,\n      \"b\": 2\n    }\n  ]\n]\n")
  }

  /// A key the previous object had, at another position now and out of order with the key before
  /// it: refused, though every key of the object is one the previous object had.
  func testAKeyThePreviousObjectHadButOutOfOrderNowIsRefused() throws {
    try acceptsWithItsCompactForm(objects([["a", "b"], ["b", "c"], ["a", "b"]]))
    refuses(objectsText([["a", "b"], ["c", "b"]]))
    refuses(objectsText([["a", "b"], ["b", "a"]]))
    refuses(objectsText([["a", "b", "c"], ["a", "c", "b"]]))
    refuses(objectsText([["a", "b", "c"], ["b", "b", "c"]]))
  }
}
