import Foundation
import XCTest

@testable import DuetCore

/// The direct writer writes a value's compact canonical bytes as its `encode(to:)` runs. It must
/// write exactly the tree encoder's bytes, or decline (so the tree encoder writes them, or words
/// the error) — for every shape a value can take.
final class DirectEncodingTests: XCTestCase {
  enum Mode: String, Codable { case fast, slow }

  indirect enum Shape: CanonicalSumCodable, Equatable, Sendable {
    case dot
    case circle(Int)
    case box(width: Int, height: Int)
    case named(Label)
    case wrapped(Shape?)
    case list([Shape])
    case text(String)
  }

  struct Label: Codable, Equatable, Sendable {
    var text: String
    var note: String?
  }

  /// Members declared out of canonical order, keys sharing long prefixes, every scalar.
  struct Sample: Codable {
    var zebra: String
    var shapes: [Shape]
    var count: Int
    var longKeyNumberTwo: Int
    var tags: Set<String>
    var longKeyNumberOne: Int
    var when: Date
    var small: Int8
    var nested: [String: [Label]]
    var unsigned: UInt32
    var labels: [Label]
    var big: Int64
    var optional: Int?
    var flag: Bool
    var grid: [[Int]]
    var missing: String?
    var mode: Mode
    var id: UUID
    var counts: [String: Int]
    var empty: [Int]
  }

  struct Nothing: Codable {}

  /// Writes a nil optional explicitly (`null` in the tree encoder too) and a key twice.
  struct Explicit: Encodable {
    enum CodingKeys: String, CodingKey { case b, a }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(String?.none, forKey: .b)
      try container.encode(1, forKey: .a)
      try container.encode("last", forKey: .b)
    }
  }

  /// A payload the envelope refuses: two unlabelled values.
  enum Mixed: CanonicalSumCodable {
    case pair(Int, Int)
  }

  struct WithDouble: Codable {
    var ratio: Double
  }

  /// A payload the direct writer declines (a float), inside an effect it writes itself.
  struct Ratio: Codable, Equatable, Sendable {
    var value: Double
  }

  /// Catches an error of its own member and goes on: the tree encoder writes the rest without it.
  struct Forgiving: Encodable {
    enum CodingKeys: String, CodingKey { case good, bad }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try? container.encode(WithDouble(ratio: 0.5), forKey: .bad)
      try container.encode(1, forKey: .good)
    }
  }

  /// Keeps its container, and writes through the one kept from the value encoded before it: a
  /// write into a value that is not the one being encoded.
  struct LateWriter: Encodable {
    enum CodingKeys: String, CodingKey { case value, late }
    nonisolated(unsafe) static var kept: KeyedEncodingContainer<CodingKeys>?
    let value: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      if var kept = Self.kept { try? kept.encode(99, forKey: .late) }
      Self.kept = container
    }
  }

  static let hostile = [
    "", "plain", "q\"uote", "back\\slash", "new\nline", "tab\tcr\r", "\u{0}\u{1}\u{1F}\u{7F}", "é 日本 🎉",
    "DEADBEEF-0000-1111-2222-ABCDEFABCDEF", "deadbeef-0000-1111-2222-abcdefabcdef",
    "DEADBEEF-0000-1111-2222-ABCDEFABCDEG",
    String(repeating: "long ", count: 40), "</script>", "\u{2028}",
  ]

  func sample(_ text: String) -> Sample {
    Sample(
      zebra: text,
      shapes: [
        .dot, .circle(Int.max), .box(width: 1, height: 2), .named(Label(text: text, note: "n")), .wrapped(nil),
        .wrapped(.wrapped(.dot)), .list([.dot, .text(text)]), .text(text),
      ], count: -3, longKeyNumberTwo: 2, tags: ["x", "y", text], longKeyNumberOne: 1,
      when: Date(timeIntervalSince1970: 1_783_000_000.123), small: -128, nested: ["k": [Label(text: text, note: nil)]],
      unsigned: .max, labels: [Label(text: text, note: nil), Label(text: "b", note: text)], big: .min, optional: 4,
      flag: true, grid: [[1, 2], [], [3]], missing: nil, mode: .slow,
      id: UUID(uuidString: "6F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9")!, counts: ["b": 2, "a": 1, text: 3], empty: [])
  }

  /// The tree encoder's compact text (or its error's description).
  func tree<T: Encodable>(_ value: T) -> String {
    do { return try CanonicalEncoder().written(value, root: "state", pretty: false) } catch {
      return "error: \(error.description)"
    }
  }

  /// `CanonicalEncoder.compact`'s text (or its error's description).
  func compact<T: Encodable>(_ value: T) -> String {
    do { return try CanonicalEncoder().compact(value, root: "state") } catch { return "error: \(error.description)" }
  }

  func assertWrittenDirectly<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) {
    let direct = DirectEncoding.compact(value)
    XCTAssertNotNil(direct, "the direct writer declined", file: file, line: line)
    XCTAssertEqual(direct, tree(value), file: file, line: line)
    XCTAssertEqual(compact(value), tree(value), file: file, line: line)
  }

  func assertDeclined<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNil(
      DirectEncoding.compact(value), "the direct writer should leave this to the tree", file: file, line: line)
    XCTAssertEqual(compact(value), tree(value), file: file, line: line)
  }

  func testEveryShapeIsWrittenDirectlyAsTheTreeWritesIt() {
    for text in Self.hostile { assertWrittenDirectly(sample(text)) }
    assertWrittenDirectly(Nothing())
    assertWrittenDirectly([Nothing(), Nothing()])
    assertWrittenDirectly(Explicit())
    assertWrittenDirectly(Self.hostile)
    assertWrittenDirectly([Int64.min, Int64.max, 0, -1, 10, 99, 100])
    assertWrittenDirectly([Int.min, Int.max])
    assertWrittenDirectly([UInt64(Int64.max)])
    assertWrittenDirectly(Optional<Int>.none)
    assertWrittenDirectly([Shape.dot])
    assertWrittenDirectly(["a": Shape.circle(1)])
  }

  func testEffectsAreWrittenDirectlyAsTheTreeWritesThem() {
    let effects: [Effect<Shape>] = [
      .run(.dot, id: "counter.ticker"), .run(.box(width: 3, height: 4)), .cancel(id: "counter.ticker"),
      .run(.named(Label(text: "q\"", note: nil)), id: "\u{1}"),
      .cancel(id: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"), .run(.circle(-1), id: ""),
    ]
    assertWrittenDirectly(effects)
    assertWrittenDirectly(Effect<Shape>.run(.dot, id: "solo"))
    assertDeclined([Effect<Ratio>.run(Ratio(value: 0.5), id: "x")])
    XCTAssertEqual(
      DirectEncoding.compact([Effect<Shape>.run(.dot, id: "counter.ticker")]),
      #"[{"id":"counter.ticker","kind":"run","payload":{"case":"dot"}}]"#)
  }

  func testWhatTheDirectWriterDoesNotCoverIsLeftToTheTreeWithTheSameBytesOrError() {
    assertDeclined(WithDouble(ratio: 1.5))
    assertDeclined(CanonicalDouble(0.25)!)
    assertDeclined([UInt64.max])
    assertDeclined(Mixed.pair(1, 2))
    assertDeclined(Forgiving())
    XCTAssertTrue(compact(WithDouble(ratio: 1.5)).hasPrefix("error: "))
    XCTAssertTrue(compact(Mixed.pair(1, 2)).hasPrefix("error: "))
  }

  func testAContainerKeptPastItsValueNeverWritesIntoALaterValue() {
    LateWriter.kept = nil
    XCTAssertEqual(DirectEncoding.compact(LateWriter(value: 1)), #"{"value":1}"#)
    XCTAssertNotNil(LateWriter.kept)
    // The writer is the same one (the shelf hands back the writer used last), and so would be a
    // pooled container's cell: the kept copy must not write into this value.
    let later = DirectEncoding.compact(LateWriter(value: 2))
    XCTAssertNotEqual(later, #"{"late":99,"value":2}"#, "a kept container wrote into a later value")
    XCTAssertNil(later, "a write through a kept container is a miss, so the tree encoder writes the value")
    XCTAssertEqual(compact(LateWriter(value: 3)), tree(LateWriter(value: 3)))
    XCTAssertEqual(compact(LateWriter(value: 4)), #"{"value":4}"#)
    LateWriter.kept = nil
  }

  // MARK: Random shapes

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A value written through every kind of container, in whatever order its members come.
  indirect enum Node: Encodable {
    case object([(String, Node)])
    case nested(String, [(String, Node)], then: [(String, Node)])
    case array([Node])
    case nestedArray([Node])
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case shape(Shape)

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .object(let members):
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
      case .nested(let key, let inner, let then):
        var container = encoder.container(keyedBy: AnyKey.self)
        var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        for (name, value) in inner { try nested.encode(value, forKey: AnyKey(name)) }
        for (name, value) in then { try container.encode(value, forKey: AnyKey(name)) }
      case .array(let elements):
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
      case .nestedArray(let elements):
        var container = encoder.unkeyedContainer()
        var nested = container.nestedUnkeyedContainer()
        for element in elements { try nested.encode(element) }
        try container.encode(elements.count)
      case .string(let text):
        var container = encoder.singleValueContainer()
        try container.encode(text)
      case .integer(let number):
        var container = encoder.singleValueContainer()
        try container.encode(number)
      case .bool(let flag):
        var container = encoder.singleValueContainer()
        try container.encode(flag)
      case .null:
        var container = encoder.singleValueContainer()
        try container.encodeNil()
      case .shape(let shape):
        var container = encoder.singleValueContainer()
        try container.encode(shape)
      }
    }
  }

  static let keys = [
    "a", "b", "case", "value", "_0", "_x", "longPrefixKey1", "longPrefixKey10", "longPrefixKey2", "é", "Z", "q\"k",
  ]

  func node(_ random: inout SplitMix64, depth: Int) -> Node {
    let leaf = depth > 3 || Int.random(in: 0..<3, using: &random) == 0
    if leaf {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: return .string(Self.hostile.randomElement(using: &random)!)
      case 1:
        return .integer(Int64.random(in: .min ... .max, using: &random) >> UInt64.random(in: 0..<63, using: &random))
      case 2: return .bool(Bool.random(using: &random))
      case 3: return .null
      default: return .shape([.dot, .circle(-1), .box(width: 0, height: 9), .text("t")].randomElement(using: &random)!)
      }
    }
    func members(_ random: inout SplitMix64) -> [(String, Node)] {
      (0..<Int.random(in: 0..<5, using: &random)).map { _ in
        (Self.keys.randomElement(using: &random)!, node(&random, depth: depth + 1))
      }
    }
    func elements(_ random: inout SplitMix64) -> [Node] {
      (0..<Int.random(in: 0..<4, using: &random)).map { _ in node(&random, depth: depth + 1) }
    }
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .object(members(&random))
    case 1: return .nested(Self.keys.randomElement(using: &random)!, members(&random), then: members(&random))
    case 2: return .array(elements(&random))
    default: return .nestedArray(elements(&random))
    }
  }

  func testRandomShapesAreWrittenDirectlyAsTheTreeWritesThemOrDeclined() {
    var random = SplitMix64(state: 26)  // the same shapes on every run
    var written = 0
    for _ in 0..<3_000 {
      let value = node(&random, depth: 0)
      let expected = tree(value)
      if let direct = DirectEncoding.compact(value) {
        written += 1
        XCTAssertEqual(direct, expected)
      }
      XCTAssertEqual(compact(value), expected)
    }
    XCTAssertGreaterThan(written, 1_500, "the direct writer declined most shapes")
  }
}
