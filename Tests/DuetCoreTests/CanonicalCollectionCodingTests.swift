import DuetCore
import Foundation
import XCTest

// A porter's types: Kotlin's `Map<Page, Boolean>` and `Set<…>` carried over as they are.
private enum Page: String, Codable { case welcome, safety, done }
private enum Step: String, Codable, CodingKeyRepresentable { case one, two }
private enum Level: Int, Codable { case low = 1, high = 2 }
private struct Point: Codable, Hashable {
  var x: Int
  var y: Int
}
private enum Mark: Hashable, Codable, CanonicalSumCodable {
  case clear
  case dim(Int)
  case armSafetyNet(afterMillis: Int64)
}

private struct Onboarding: Codable, Equatable {
  var seen: [Page: Bool]
}
private struct Tally: Codable, Equatable {
  var counts: [Int: Int]
}
private struct Grid: Codable {
  var visited: [Point: Bool]
}
private struct Levels: Codable {
  var reached: [Level: Bool]
}
private struct Tagged: Codable, Equatable {
  var tags: Set<String>
}

/// docs/canonical-json.md, "Typed values → canonical": dictionaries and sets.
final class CanonicalCollectionCodingTests: XCTestCase {
  let encoder = CanonicalEncoder()
  let decoder = CanonicalDecoder()

  func decode<T: Decodable>(_ type: T.Type, _ text: String, root: String = "state") throws -> T {
    try decoder.decode(type, from: JSONParser().parse(text), root: root)
  }

  func encodingError<T: Encodable>(_ value: T) -> CanonicalCodingError? {
    do {
      _ = try encoder.compact(value, root: "state")
      return nil
    } catch {
      return error
    }
  }

  func decodingError<T: Decodable>(_ type: T.Type, _ text: String) -> String {
    do {
      _ = try decode(type, text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  // MARK: Sets

  func testSetIsAnArraySortedByCanonicalBytes() throws {
    let words: Set<String> = ["pear", "apple", "Zebra", "éclair", "banana"]
    XCTAssertEqual(try encoder.compact(words), #"["Zebra","apple","banana","pear","éclair"]"#)
    // Bytes, not numbers: `-1` < `10` < `100` < `9`.
    XCTAssertEqual(try encoder.compact(Set([9, 100, -1, 10])), "[-1,10,100,9]")
    XCTAssertEqual(try encoder.compact(Set<String>()), "[]")
  }

  func testSetOfSumTypeValuesIsSortedByTheirEnvelopes() throws {
    let marks: Set<Mark> = [.dim(2), .clear, .armSafetyNet(afterMillis: 5), .dim(10)]
    let text = try encoder.compact(marks)
    XCTAssertEqual(
      text,
      #"[{"case":"armSafetyNet","value":{"afterMillis":5}},{"case":"clear"},{"case":"dim","value":10},{"case":"dim","value":2}]"#
    )
    XCTAssertEqual(try decode(Set<Mark>.self, text), marks)
  }

  func testNestedSetsAreSortedAtEveryLevel() throws {
    let groups: Set<Set<String>> = [["b", "a"], [], ["c"]]
    let text = try encoder.compact(groups)
    XCTAssertEqual(text, #"[["a","b"],["c"],[]]"#)
    XCTAssertEqual(try decode(Set<Set<String>>.self, text), groups)
    let byPage: [Page: Set<Int>] = [.welcome: [3, 1, 2]]
    XCTAssertEqual(try encoder.compact(byPage), #"{"welcome":[1,2,3]}"#)
  }

  func testSetDecodesFromAnyOrder() throws {
    XCTAssertEqual(try decode(Tagged.self, #"{"tags":["b","a"]}"#), Tagged(tags: ["a", "b"]))
  }

  func testSetWithARepeatedElementIsRefusedAtDecode() {
    XCTAssertEqual(
      decodingError(Tagged.self, #"{"tags":["a","b","a"]}"#),
      "this element repeats an earlier one, and a Set holds each value once; remove the repeat (at state.tags[2])")
  }

  func testSetElementErrorNamesTheSetNotAHashOrderIndex() {
    XCTAssertEqual(encodingError(["s": Set([1.5])])?.path.description, "state.s")
  }

  // MARK: Dictionaries

  func testEnumKeyedMapIsAnObjectAndRoundTrips() throws {
    let onboarding = Onboarding(seen: [.welcome: true, .done: false])
    let text = try encoder.compact(onboarding, root: "state")
    XCTAssertEqual(text, #"{"seen":{"done":false,"welcome":true}}"#)
    XCTAssertEqual(try decode(Onboarding.self, text), onboarding)
    // What Kotlin's core writes for `Map<Page, Boolean>`.
    XCTAssertEqual(try decode(Onboarding.self, #"{"seen":{"welcome":true}}"#), Onboarding(seen: [.welcome: true]))
    XCTAssertEqual(try encoder.compact(Onboarding(seen: [:])), #"{"seen":{}}"#)
  }

  func testCodingKeyRepresentableKeysAreObjectKeys() throws {
    let steps: [Step: Int] = [.two: 2, .one: 1]
    XCTAssertEqual(try encoder.compact(steps), #"{"one":1,"two":2}"#)
    XCTAssertEqual(try decode([Step: Int].self, #"{"one":1,"two":2}"#), steps)
  }

  func testUnknownEnumKeyIsANamedError() {
    XCTAssertEqual(
      decodingError(Onboarding.self, #"{"seen":{"welcom":true,"zzz":false}}"#),
      "unexpected key 'welcom' in Dictionary<Page, Bool> at state.seen")
  }

  func testIntKeyedDictionaryIsRefusedAtEncodeWithPathAndFix() {
    let error = encodingError(Tally(counts: [1: 2]))
    XCTAssertEqual(error, .unsupportedKeyType("Int", path: JSONPath(root: "state", [.key("counts")])))
    XCTAssertEqual(
      error?.description,
      "a dictionary keyed by Int at state.counts has no canonical form (a map is an object, and its keys are strings); key it by String or by an enum with String raw values, like Kotlin's Map<Page, Boolean>, or make it an array of entries"
    )
    // Refused by type, so an empty one fails as early as a full one.
    XCTAssertEqual(encodingError(Tally(counts: [:]))?.path.description, "state.counts")
  }

  func testStructKeyedDictionaryIsRefusedAtEncodeWithPathAndFix() {
    let error = encodingError(Grid(visited: [Point(x: 1, y: 2): true]))
    XCTAssertEqual(error, .unsupportedKeyType("Point", path: JSONPath(root: "state", [.key("visited")])))
    XCTAssertTrue(error?.description.contains("key it by String") ?? false)
    XCTAssertEqual(
      encodingError(Levels(reached: [.low: true])),
      .unsupportedKeyType("Level", path: JSONPath(root: "state", [.key("reached")])))
  }

  func testDecodingAnObjectIntoAnUnsupportedKeyDictionaryNamesPathAndFix() {
    XCTAssertEqual(
      decodingError(Tally.self, #"{"counts":{"1":2}}"#),
      "a dictionary keyed by Int at state.counts has no canonical form (a map is an object, and its keys are strings); key it by String or by an enum with String raw values, like Kotlin's Map<Page, Boolean>, or make it an array of entries"
    )
    XCTAssertTrue(
      decodingError(Grid.self, #"{"visited":{}}"#).hasPrefix("a dictionary keyed by Point at state.visited"))
  }

  func testDecodingStaysStrictAroundMapsAndSets() {
    XCTAssertEqual(
      decodingError(Onboarding.self, #"{"seen":{},"extra":1}"#), "unexpected key 'extra' in Onboarding at state")
    XCTAssertEqual(decodingError(Onboarding.self, "{}"), "missing key 'seen' in Onboarding at state")
    XCTAssertEqual(
      decodingError(Onboarding.self, #"{"seen":{"welcome":1.0}}"#),
      "expected a boolean at state.seen.welcome, found the non-integer number 1.0")
    XCTAssertEqual(
      decodingError([String: Int].self, #"{"a":1.0}"#),
      "expected an integer at state.a, found the non-integer number 1.0")
    XCTAssertEqual(
      decodingError(Onboarding.self, #"{"seen":["welcome",true]}"#),
      "expected an object (Dictionary<Page, Bool>) at state.seen, found an array")
    XCTAssertEqual(
      decodingError(Tagged.self, #"{"tags":{"a":true}}"#),
      "expected an array (Set<String>) at state.tags, found an object")
  }
}
