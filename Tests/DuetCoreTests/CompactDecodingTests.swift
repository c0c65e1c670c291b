import Foundation
import XCTest

@testable import DuetCore

/// The compact decoder reads values in place from a line's bytes. It must decode exactly what the
/// tree decoder decodes, and decline (so the tree decoder words the error) exactly where the tree
/// decoder throws — also where a type's own `init(from:)` catches an error and goes on.
final class CompactDecodingTests: XCTestCase {
  enum Mode: String, Codable, Equatable { case fast, slow }

  enum Shape: Equatable, CanonicalSumCodable {
    case dot
    case circle(Int)
    case box(width: Int, height: Int)
    case named(Label)
  }

  struct Label: Codable, Equatable {
    var text: String
    var note: String?
  }

  struct Sample: Codable, Equatable {
    var count: Int
    var small: Int8
    var big: UInt64
    var flag: Bool
    var mode: Mode
    var labels: [Label]
    var shapes: [Shape]
    var grid: [[Int]]
    var optional: Int?
    var when: Date?
    var id: UUID?
  }

  /// A type whose decoding tries one reading and falls back to another.
  struct Lenient: Codable, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      value = (try? container.decode(Int.self, forKey: .value)) ?? -1
    }
  }

  /// A type whose value depends on where it is decoded.
  struct Located: Codable, Equatable {
    var depth: Int
    init(depth: Int) { self.depth = depth }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      _ = try container.decode(Int.self, forKey: .depth)
      depth = container.codingPath.count
    }
  }

  struct Bag: Codable, Equatable {
    var counts: [String: Int]
  }

  /// A value holding values of its own type: each level's keyed container is in use while the
  /// levels inside it are decoded.
  indirect enum Tree: Equatable, CanonicalSumCodable {
    case leaf(Int)
    case node(Branch)
  }

  struct Branch: Codable, Equatable {
    var label: String
    var children: [Tree]
    var first: Tree?
  }

  /// A type that keeps its keyed container past its `init(from:)` (no `Codable` code does this,
  /// but it must not read another value's members later).
  final class Keeper: Decodable, Equatable, @unchecked Sendable {
    enum CodingKeys: String, CodingKey { case value }
    nonisolated(unsafe) static var kept: KeyedDecodingContainer<CodingKeys>?
    let value: Int

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      value = try container.decode(Int.self, forKey: .value)
      Self.kept = container
    }

    static func == (lhs: Keeper, rhs: Keeper) -> Bool { lhs.value == rhs.value }
  }

  /// A type that keeps the container of its first decoding and reads it again while a later
  /// value of its own type is decoded (the later decoding takes the same pooled container).
  final class LateReader: Decodable, @unchecked Sendable {
    enum CodingKeys: String, CodingKey { case value }
    nonisolated(unsafe) static var kept: KeyedDecodingContainer<CodingKeys>?
    let value: Int
    /// What the kept container read during this decoding.
    let readThroughKept: Int?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      value = try container.decode(Int.self, forKey: .value)
      if let kept = Self.kept {
        readThroughKept = try kept.decode(Int.self, forKey: .value)
      } else {
        readThroughKept = nil
        Self.kept = container
      }
    }
  }

  /// A sum whose `init(from:)` keeps the outer container of its first decoding and asks it for
  /// its case while a later value is decoded (the later decoding takes the same pooled container).
  enum LateSum: CanonicalSumCodable {
    case first, second
    enum CodingKeys: String, CodingKey { case first, second }
    enum NoPayloadKeys: CodingKey {}
    nonisolated(unsafe) static var kept: KeyedDecodingContainer<CodingKeys>?
    /// What the kept container said the case was, during the later decoding.
    nonisolated(unsafe) static var casesThroughKept: [CodingKeys]?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let kept = Self.kept { Self.casesThroughKept = kept.allKeys } else { Self.kept = container }
      guard container.allKeys.count == 1, let key = container.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "one case expected"))
      }
      _ = try container.nestedContainer(keyedBy: NoPayloadKeys.self, forKey: key)
      self = key == .first ? .first : .second
    }

    func encode(to encoder: any Encoder) throws {}
  }

  /// A type that keeps its decoder past its `init(from:)`.
  final class DecoderKeeper: Decodable, Equatable, @unchecked Sendable {
    enum CodingKeys: String, CodingKey { case value }
    nonisolated(unsafe) static var kept: (any Decoder)?
    let value: Int

    init(from decoder: any Decoder) throws {
      value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
      Self.kept = decoder
    }

    static func == (lhs: DecoderKeeper, rhs: DecoderKeeper) -> Bool { lhs.value == rhs.value }
  }

  /// The tree decoder's value (nil when it throws) and the compact decoder's, for one document.
  func both<T: Decodable>(_ type: T.Type, _ text: String) throws -> (tree: T?, compact: T?, indexed: Bool) {
    try Self.both(type, text)
  }

  static func both<T: Decodable>(_ type: T.Type, _ text: String) throws -> (tree: T?, compact: T?, indexed: Bool) {
    let bytes = Array("{\"v\":\(text)}".utf8)
    let tree = try? CanonicalDecoder().decode(type, from: JSONParser().parse(bytes)["v"]!, root: "state")
    guard let document = bytes.withUnsafeBufferPointer({ CompactDocument($0) }) else { return (tree, nil, false) }
    let compact = CompactDecoding.decode(type, from: document, at: 1, root: "state")
    return (tree, compact, true)
  }

  let sample =
    #"{"big":18,"count":-3,"flag":true,"grid":[[1,2],[],[3]],"id":"6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9","labels":[{"text":"a"},{"note":"n","text":"b"}],"mode":"fast","optional":4,"shapes":[{"case":"dot"},{"case":"circle","value":2},{"case":"box","value":{"height":2,"width":1}},{"case":"named","value":{"text":"x"}}],"small":-128,"when":"2026-07-02T09:30:00.000Z"}"#

  func testACompactDocumentDecodesInPlaceToTheTreeDecodersValue() throws {
    let (tree, compact, indexed) = try both(Sample.self, sample)
    XCTAssertTrue(indexed)
    XCTAssertNotNil(tree)
    XCTAssertEqual(compact, tree)
  }

  func testValuesNestedInValuesOfTheirOwnTypeDecodeAsTheTreeDecoderDecodesThem() throws {
    let text =
      #"{"case":"node","value":{"children":[{"case":"leaf","value":1},{"case":"node","value":{"children":[{"case":"leaf","value":2},{"case":"node","value":{"children":[],"label":"c"}}],"first":{"case":"leaf","value":3},"label":"b"}}],"first":{"case":"node","value":{"children":[{"case":"leaf","value":4}],"label":"d"}},"label":"a"}}"#
    let (tree, compact, indexed) = try both(Tree.self, text)
    XCTAssertTrue(indexed)
    XCTAssertNotNil(tree)
    XCTAssertEqual(compact, tree)
    // Again, with the containers the first decoding used given back.
    XCTAssertEqual(try both(Tree.self, text).compact, tree)
  }

  func testDecodingsOnSeveralThreadsAtOnceEachGetTheirOwnValues() throws {
    let failures = Locked(0)
    let sample = self.sample
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<200 {
        let count = thread * 1_000 + round
        let text = sample.replacingOccurrences(of: #""count":-3"#, with: "\"count\":\(count)")
        guard let (tree, compact, _) = try? Self.both(Sample.self, text), let compact, compact == tree,
          compact.count == count
        else {
          failures.withLock { $0 += 1 }
          continue
        }
      }
    }
    XCTAssertEqual(failures.value, 0)
  }

  func testAContainerKeptPastItsDecodingReadsNothingOnceTheDecodingEnds() throws {
    XCTAssertEqual(try both(Keeper.self, #"{"value":1}"#).compact?.value, 1)
    let kept = try XCTUnwrap(Keeper.kept)
    XCTAssertEqual(try both(Keeper.self, #"{"value":2}"#).compact?.value, 2)
    XCTAssertFalse(kept.contains(.value), "a kept container must not see a later value's members")
    XCTAssertThrowsError(try kept.decode(Int.self, forKey: .value))
  }

  func testAContainerKeptPastItsDecodingAndReadDuringALaterOneFailsWithASentenceInsteadOfReadingTheLaterValue() throws {
    let first = Array(#"{"v":{"value":1}}"#.utf8)
    let firstDocument = try XCTUnwrap(first.withUnsafeBufferPointer { CompactDocument($0) })
    XCTAssertEqual(CompactDecoding.decode(LateReader.self, from: firstDocument, at: 1, root: "state")?.value, 1)
    XCTAssertNotNil(LateReader.kept)
    let second = Array(#"{"v":{"value":2}}"#.utf8)
    let secondDocument = try XCTUnwrap(second.withUnsafeBufferPointer { CompactDocument($0) })
    let late = CompactDecoding.decode(LateReader.self, from: secondDocument, at: 1, root: "state")
    XCTAssertNil(
      late?.readThroughKept, "a kept container read the later decoding's value (\(late?.readThroughKept ?? 0))")
    // The tree decoder, which the runner falls back to, reports the app's mistake in words.
    XCTAssertThrowsError(
      try CanonicalDecoder().decode(LateReader.self, from: JSONParser().parse(second)["v"]!, root: "state")
    ) { error in
      XCTAssertTrue("\(error)".contains("kept past the init(from:)"), "\(error)")
    }
  }

  func testASumContainerKeptPastItsDecodingDoesNotSeeALaterValuesCase() throws {
    LateSum.kept = nil
    LateSum.casesThroughKept = nil
    let first = Array(#"{"v":{"case":"first"}}"#.utf8)
    let firstDocument = try XCTUnwrap(first.withUnsafeBufferPointer { CompactDocument($0) })
    XCTAssertEqual(CompactDecoding.decode(LateSum.self, from: firstDocument, at: 1, root: "action"), .first)
    XCTAssertNotNil(LateSum.kept)
    let second = Array(#"{"v":{"case":"second"}}"#.utf8)
    let secondDocument = try XCTUnwrap(second.withUnsafeBufferPointer { CompactDocument($0) })
    XCTAssertEqual(CompactDecoding.decode(LateSum.self, from: secondDocument, at: 1, root: "action"), .second)
    XCTAssertNotNil(LateSum.casesThroughKept)
    XCTAssertNotEqual(
      LateSum.casesThroughKept, [.second],
      "a kept sum container saw the later decoding's case (\(LateSum.casesThroughKept ?? []))")
    LateSum.kept = nil
  }

  func testADecoderKeptPastItsDecodingReadsNothingOnceTheDecodingEnds() throws {
    XCTAssertEqual(try both(DecoderKeeper.self, #"{"value":1}"#).compact?.value, 1)
    let kept = try XCTUnwrap(DecoderKeeper.kept)
    XCTAssertEqual(try both(DecoderKeeper.self, #"{"value":2}"#).compact?.value, 2)
    let container = try kept.container(keyedBy: DecoderKeeper.CodingKeys.self)
    XCTAssertFalse(container.contains(.value), "a kept decoder must not see a later value")
  }

  func testANullOptionalAndAnAbsentOneDecodeAsTheTreeDecoderDecodesThem() throws {
    for text in [
      sample.replacingOccurrences(of: #""optional":4"#, with: #""optional":null"#),
      sample.replacingOccurrences(of: #""optional":4,"#, with: ""),
    ] {
      let (tree, compact, _) = try both(Sample.self, text)
      XCTAssertNotNil(tree, text)
      XCTAssertEqual(compact, tree, text)
    }
  }

  func testWhatTheTreeDecoderRefusesTheCompactDecoderDeclines() throws {
    let refusals = [
      sample.replacingOccurrences(of: #""small":-128"#, with: #""small":-129"#),
      sample.replacingOccurrences(of: #""big":18"#, with: #""big":-1"#),
      sample.replacingOccurrences(of: #""mode":"fast""#, with: #""mode":"medium""#),
      sample.replacingOccurrences(of: #""flag":true"#, with: #""flag":null"#),
      sample.replacingOccurrences(of: #""flag":true,"#, with: ""),
      sample.replacingOccurrences(of: #""when":"2026-07-02T09:30:00.000Z""#, with: #""when":"yesterday""#),
      sample.replacingOccurrences(of: #""id":"6f1e"#, with: #""id":"zz1e"#),
      sample.replacingOccurrences(of: #"{"case":"dot"}"#, with: #"{"case":"square"}"#),
      sample.replacingOccurrences(of: #"{"case":"dot"}"#, with: #"{"case":"dot","value":1}"#),
      sample.replacingOccurrences(of: #"{"case":"circle","value":2}"#, with: #"{"case":"circle"}"#),
      sample.replacingOccurrences(of: #""height":2,"#, with: ""),
      sample.replacingOccurrences(of: #"{"text":"a"}"#, with: #"{"text":"a","zzz":1}"#),
      sample.replacingOccurrences(of: #""grid":[[1,2],[],[3]]"#, with: #""grid":[[1,2],{},[3]]"#),
    ]
    for text in refusals {
      let (tree, compact, indexed) = try both(Sample.self, text)
      XCTAssertTrue(indexed, text)
      XCTAssertEqual(compact, tree, text)
      XCTAssertNil(compact, text)
    }
  }

  func testADecodingThatCatchesAnErrorIsLeftToTheTreeDecoder() throws {
    let (tree, compact, _) = try both(Lenient.self, #"{"value":"seven"}"#)
    XCTAssertEqual(tree, Lenient(value: -1))
    XCTAssertNil(compact, "a caught miss must not give the compact decoder's own fallback value")
    XCTAssertEqual(try both(Lenient.self, #"{"value":7}"#).compact, Lenient(value: 7))
  }

  /// The compact path carries no coding path (a trail per value cost an allocation); a type that
  /// reads one gets it from the tree decoder.
  func testATypeThatReadsItsCodingPathIsLeftToTheTreeDecoder() throws {
    let (tree, compact, indexed) = try both([Located].self, #"[{"depth":0}]"#)
    XCTAssertTrue(indexed)
    XCTAssertEqual(tree, [Located(depth: 1)])
    XCTAssertNil(compact)
  }

  func testDictionariesAreLeftToTheTreeDecoder() throws {
    let (tree, compact, indexed) = try both(Bag.self, #"{"counts":{"a":1,"b":2}}"#)
    XCTAssertTrue(indexed)
    XCTAssertEqual(tree, Bag(counts: ["a": 1, "b": 2]))
    XCTAssertNil(compact)
  }

  func testOnlyTheCompactCanonicalSubsetIsIndexed() {
    let outside = [
      #"{"v":1,"v":2}"#, #"{"b":1,"a":2}"#, #"{"v": 1}"#, #"{"v":"\n"}"#, #"{"v":"é"}"#, #"{"v":1.5}"#,
      #"{"v":12345678901234567890}"#, #"{"v":-0}"#, #"{"v":007}"#, #"{"v":tru}"#, #"{"v":[1,]}"#, #"{"v":1}x"#,
      "{\"v\":" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}", "[1]", "{",
    ]
    for text in outside {
      let bytes = Array(text.utf8)
      XCTAssertNil(bytes.withUnsafeBufferPointer { CompactDocument($0) }, text)
    }
    var invalid = Array(#"{"v":""#.utf8)
    invalid += [0xFF, 0x22, 0x7D]
    XCTAssertNil(invalid.withUnsafeBufferPointer { CompactDocument($0) })
  }
}

extension CompactDecodingTests.Shape: Codable {}
