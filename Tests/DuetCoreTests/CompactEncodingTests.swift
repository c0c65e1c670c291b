import DuetCore
import Foundation
import XCTest

private enum Ratio: CanonicalSumCodable, Equatable {
  case double(key: String, value: CanonicalDouble)
  case int(key: String, value: Int)
}

private struct Rewritten: Encodable {
  enum CodingKeys: String, CodingKey { case name, count }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("first", forKey: .name)
    try container.encode(1, forKey: .count)
    try container.encode("second", forKey: .name)
  }
}

private class Base: Encodable {
  var id = "b-1"
}

private final class Derived: Base {
  var extra = [1, 2]
  enum CodingKeys: String, CodingKey { case extra }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(extra, forKey: .extra)
    try super.encode(to: container.superEncoder())
  }
}

private struct Shapes: Encodable {
  var ratios: [Ratio]
  var nested: [[String: [Int]]]
  var optional: String?
  var text: String
}

/// `CanonicalEncoder.compact` and `.pretty` write the encoder's own ordered tree; they must give
/// exactly the bytes of writing the `JSONValue` that `encode` returns, for every shape a value can
/// take.
final class CompactEncodingTests: XCTestCase {
  let encoder = CanonicalEncoder()

  func assertSameBothWays<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    XCTAssertEqual(
      try encoder.compact(value), try CanonicalWriter.compact(encoder.encode(value)), file: file, line: line)
    XCTAssertEqual(
      try encoder.pretty(value), try CanonicalWriter.pretty(encoder.encode(value)), file: file, line: line)
  }

  func testEveryShapeWritesTheSameAsTheTree() throws {
    try assertSameBothWays(
      Shapes(
        ratios: [.double(key: "share", value: CanonicalDouble(0.25)!), .int(key: "n", value: 3)],
        nested: [["b": [2], "a": []], [:]], optional: nil, text: "q\"é\n\u{1}DEADBEEF-0000-1111-2222-ABCDEFABCDEF"))
    try assertSameBothWays(Derived())
    try assertSameBothWays(["z": 1, "é": 2, "Z": 3])
    try assertSameBothWays([UUID(uuidString: "A0B1C2D3-E4F5-A6B7-C8D9-E0F1A2B3C4D5")!])
  }

  func testAKeyEncodedTwiceKeepsItsLastValue() throws {
    XCTAssertEqual(try encoder.compact(Rewritten()), #"{"count":1,"name":"second"}"#)
    XCTAssertEqual(try encoder.encode(Rewritten()), .object(["count": .integer(1), "name": .string("second")]))
  }

  func testASuperEncoderNeedsNoSuperCodingKey() throws {
    XCTAssertEqual(try encoder.compact(Derived()), #"{"extra":[1,2],"super":{"id":"b-1"}}"#)
  }

  func testATelemetryDoubleIsTheOnlyFractionEitherWay() throws {
    XCTAssertEqual(
      try encoder.compact(Ratio.double(key: "share", value: CanonicalDouble(1.5)!)),
      #"{"case":"double","value":{"key":"share","value":1.5}}"#)
  }
}
