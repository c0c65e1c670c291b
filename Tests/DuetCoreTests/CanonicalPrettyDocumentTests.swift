import DuetCore
import Foundation
import TestSupport
import XCTest

/// `CanonicalPrettyDocument`: recognising canonical pretty text without a tree must agree with
/// parse-and-re-emit, and its compact spans must equal the compact writer's output.
final class CanonicalPrettyDocumentTests: XCTestCase {
  func slowCheck(_ bytes: [UInt8]) -> Bool { Self.reEmitsItself(bytes) }

  /// The slow check: `bytes` parse, and the pretty writer gives them back byte for byte.
  static func reEmitsItself(_ bytes: [UInt8]) -> Bool {
    guard let tree = try? JSONParser().parse(bytes), let pretty = try? CanonicalWriter.pretty(tree) else {
      return false
    }
    return Array(pretty.utf8) == bytes
  }

  func testThePrettyWritersOutputIsRecognised() throws {
    var random = TreeGenerator(seed: 1)
    for _ in 0..<400 {
      let text = try CanonicalWriter.pretty(random.value(depth: 0))
      XCTAssertTrue(CanonicalPrettyDocument.isCanonical(Array(text.utf8)), text)
    }
  }

  func testAnythingRecognisedIsExactlyItsOwnReEmission() throws {
    var random = TreeGenerator(seed: 2)
    var accepted = 0
    for _ in 0..<300 {
      let original = Array(try CanonicalWriter.pretty(random.value(depth: 0)).utf8)
      for _ in 0..<20 {
        let mutated = random.mutate(original)
        let recognised = CanonicalPrettyDocument.isCanonical(mutated)
        if recognised { accepted += 1 }
        if recognised != slowCheck(mutated) {
          XCTFail("recogniser says \(recognised) for: \(String(decoding: mutated, as: UTF8.self))")
          return
        }
      }
    }
    XCTAssertGreaterThan(accepted, 0, "some mutations (e.g. of a string's letters) stay canonical")
  }

  func testNearMissesAreRefused() {
    let refused = [
      "{\n  \"a\": -0\n}\n", "{\n  \"a\": 01\n}\n", "{\n  \"a\": 9223372036854775808\n}\n", "[\n  1.0\n]\n",
      "[\n  \"\\/\"\n]\n", "[\n  \"\\b\"\n]\n", "[\n  \"\\u001F\"\n]\n", "[\n  \"\\u000a\"\n]\n",
      "[\n  \"DEADBEEF-0000-1111-2222-ABCDEFABCDEF\"\n]\n", "{\n  \"b\": 1,\n  \"a\": 2\n}\n",
      "{\n  \"a\": 1,\n  \"a\": 2\n}\n", "{\n  \"a\":1\n}\n", "{\n\t\"a\": 1\n}\n", "{\r\n  \"a\": 1\r\n}\r\n",
      "{\n  \"a\": 1\n}", "{\n  \"a\": 1\n}\n\n", "{ }\n", "[\n]\n", " 1\n", "\"\u{1}\"\n", "[\n  1,\n]\n",
    ]
    for text in refused {
      XCTAssertFalse(CanonicalPrettyDocument.isCanonical(Array(text.utf8)), text.debugDescription)
      XCTAssertFalse(slowCheck(Array(text.utf8)), "the slow check agrees: \(text.debugDescription)")
    }
  }

  func testTheEdgesOfTheIntegerRangeAreCanonical() {
    for text in ["-9223372036854775808\n", "9223372036854775807\n", "0\n", "-1\n"] {
      XCTAssertTrue(CanonicalPrettyDocument.isCanonical(Array(text.utf8)), text)
    }
  }

  func testATelemetryDoubleIsLeftToTheSlowPathEvenThoughItIsCanonical() throws {
    let text = try CanonicalWriter.pretty(
      JSONParser().parse(#"{"case":"double","value":{"key":"ratio","value":0.5}}"#))
    XCTAssertTrue(slowCheck(Array(text.utf8)))
    XCTAssertFalse(CanonicalPrettyDocument.isCanonical(Array(text.utf8)))
  }

  func testAnEscapedKeyIsLeftToTheSlowPath() throws {
    let text = try CanonicalWriter.pretty(.object(["a\"b": .integer(1)]))
    XCTAssertTrue(slowCheck(Array(text.utf8)))
    XCTAssertNil(CanonicalPrettyDocument(validating: Array(text.utf8)))
  }

  func testTheCompactTextOfEveryIndexedValueIsTheCompactWritersOutput() throws {
    var random = TreeGenerator(seed: 3)
    for _ in 0..<300 {
      let tree = random.value(depth: 0)
      let document = try XCTUnwrap(CanonicalPrettyDocument(validating: Array(try CanonicalWriter.pretty(tree).utf8)))
      XCTAssertEqual(String(decoding: document.compactText, as: UTF8.self), try CanonicalWriter.compact(tree))
      try assertIndexed(document.root, in: document, is: tree, depth: 0)
    }
  }

  func assertIndexed(
    _ value: CanonicalPrettyDocument.Value, in document: CanonicalPrettyDocument, is tree: JSONValue, depth: Int
  ) throws {
    XCTAssertEqual(document.compact(of: value), try CanonicalWriter.compact(tree))
    XCTAssertEqual(document.value(of: value), tree)
    // A container's children as (key, value), keys nil for an array's elements: found and expected.
    let kind: String
    let children: [(key: String?, value: CanonicalPrettyDocument.Value)]?
    let expected: [(key: String?, value: JSONValue)]
    switch tree {
    case .object(let members):
      kind = "members"
      children = document.members(of: value)?.map { ($0.key, $0.value) }
      expected = JSONValue.canonicalKeyOrder(members).map { ($0, members[$0]!) }
    case .array(let elements):
      kind = "elements"
      children = document.elements(of: value)?.map { (nil, $0) }
      expected = elements.map { (nil, $0) }
    default:
      XCTAssertNil(document.members(of: value))
      XCTAssertNil(document.elements(of: value))
      return
    }
    if depth == 3, !expected.isEmpty {
      XCTAssertNil(children, "\(kind) below the index are not available")
      return
    }
    let found = try XCTUnwrap(children, kind)
    XCTAssertEqual(found.map(\.key), expected.map(\.key), kind)
    for (child, expectedChild) in zip(found, expected) {
      try assertIndexed(child.value, in: document, is: expectedChild.value, depth: depth + 1)
    }
  }

  func testEmptyContainersHaveNoMembersOrElements() throws {
    let document = try XCTUnwrap(CanonicalPrettyDocument(validating: Array("{\n  \"a\": {},\n  \"b\": []\n}\n".utf8)))
    let members = try XCTUnwrap(document.members(of: document.root))
    XCTAssertEqual(members.map(\.key), ["a", "b"])
    XCTAssertEqual(document.members(of: members[0].value)?.count, 0)
    XCTAssertEqual(document.elements(of: members[1].value)?.count, 0)
    XCTAssertNil(document.elements(of: members[0].value))
    XCTAssertEqual(document.leadingByte(of: members[1].value), UInt8(ascii: "["))
  }

  /// The byte pass reads strings eight bytes at a time and stops at the first byte that needs a
  /// look: an escape, a multi-byte character or the closing quote at every offset of a word, and
  /// strings ending in the input's last eight bytes (read byte by byte), must agree with
  /// re-emission, and their compact text with the compact writer.
  func testStringsAgreeWithReEmissionWhereverTheirSpecialBytesFallInAWord() throws {
    let specials = ["\"", "\\", "\n", "\u{1}", "é", "€", "😀", "\u{7F}", "/"]
    for length in 0..<20 {
      for position in 0...length {
        for special in specials {
          var characters = Array(repeating: Character("a"), count: length)
          characters.insert(contentsOf: special, at: position)
          let value = JSONValue.string(String(characters))
          for tree in [value, .array([value]), .object(["k": value, "l": .integer(7)])] {
            let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
            let document = try XCTUnwrap(CanonicalPrettyDocument(validating: bytes), "\(tree)")
            XCTAssertEqual(String(decoding: document.compactText, as: UTF8.self), try CanonicalWriter.compact(tree))
            for cut in [bytes.count - 1, bytes.count - 2, bytes.count - 3] where cut > 0 {
              XCTAssertFalse(CanonicalPrettyDocument.isCanonical(Array(bytes[..<cut])), "cut at \(cut): \(tree)")
            }
          }
        }
      }
    }
  }

  /// Every prefix of a document is refused (the pass never reads past the end), and literals cut
  /// short at the end of the input are refused rather than read beyond it.
  func testEveryProperPrefixIsRefused() throws {
    var random = TreeGenerator(seed: 4)
    for _ in 0..<60 {
      let bytes = Array(try CanonicalWriter.pretty(random.value(depth: 0)).utf8)
      for cut in 0..<bytes.count {
        let prefix = Array(bytes[..<cut])
        XCTAssertEqual(
          CanonicalPrettyDocument.isCanonical(prefix), slowCheck(prefix), String(decoding: prefix, as: UTF8.self))
      }
    }
    for text in ["tru", "nul", "fals", "fal\n", "true", "[\n  true\n]", "-", "\"ab"] {
      XCTAssertFalse(CanonicalPrettyDocument.isCanonical(Array(text.utf8)), text.debugDescription)
    }
  }

  func testTheRecogniserAgreesWithReEmissionOnEveryReferenceFile() throws {
    let files =
      try SharedReference.files(in: "duet-framework", suffix: ".fixture.json")
      + SharedReference.files(in: "telemetry-twin", suffix: ".fixture.json")
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      // Telemetry doubles are left to the slow path; the twin files are not canonical at all.
      let hasFraction = (try JSONParser().parse(bytes)).containsFraction
      XCTAssertEqual(
        CanonicalPrettyDocument.isCanonical(bytes), slowCheck(bytes) && !hasFraction, file.lastPathComponent)
    }
  }
}

extension JSONValue {
  fileprivate var containsFraction: Bool {
    switch self {
    case .fraction: return true
    case .object(let members): return members.values.contains { $0.containsFraction }
    case .array(let elements): return elements.contains { $0.containsFraction }
    default: return false
    }
  }
}

/// Deterministic random trees (no fractions, escape-free keys) and byte mutations of their text.
struct TreeGenerator {
  var source: SplitMix64
  init(seed: UInt64) { source = SplitMix64(state: seed) }

  mutating func below(_ bound: Int) -> Int { Int(source.next() % UInt64(bound)) }

  static let keys = ["a", "b", "Z", "_", "é", "ab", "a b", "case", "value", "0"]
  static let strings = [
    "", "x", "q\"b", "back\\slash", "line\nbreak", "tab\t", "\u{1}\u{1F}", "é😀", "/",
    "deadbeef-0000-1111-2222-abcdefabcdef", "DEADBEEF-0000-1111-2222-ABCDEFABCDEG", "\u{7F}\u{2028}",
    "say \": hi", "k: v", "  indented", "{\"json\": [1]}",
  ]

  mutating func value(depth: Int) -> JSONValue {
    switch below(depth > 3 ? 5 : 8) {
    case 0: return .null
    case 1: return .bool(below(2) == 0)
    case 2: return .integer([0, -1, 42, Int64.max, Int64.min, 1_000_000][below(6)])
    case 3, 4: return .string(Self.strings[below(Self.strings.count)])
    case 5, 6:
      var members: [String: JSONValue] = [:]
      for _ in 0..<below(5) { members[Self.keys[below(Self.keys.count)]] = value(depth: depth + 1) }
      return .object(members)
    default:
      return .array((0..<below(4)).map { _ in value(depth: depth + 1) })
    }
  }

  /// One random edit: change, insert or delete a byte, favouring the bytes layout is made of.
  mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
    var copy = bytes
    let alphabet: [UInt8] = Array(" \n\t\r\"\\{}[],:-0123456789.eEabcdefABCDEFutnrl/".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
    let position = below(copy.count)
    switch below(3) {
    case 0: copy[position] = alphabet[below(alphabet.count)]
    case 1: copy.insert(alphabet[below(alphabet.count)], at: position)
    default: copy.remove(at: position)
    }
    return copy
  }
}
