import DuetCore
import Foundation
import XCTest

// Types shaped like a Duet feature's boundary.
private struct Profile: Codable, Equatable {
  var name: String
  var age: Int
  var nickname: String?
  var tier: Tier = .free
  var id: UUID
  var joined: Date
}

private enum Tier: String, Codable, Equatable { case free, pro }

private enum CompletionPath: Equatable, CanonicalSumCodable { case ceremony, safetyNet }
private enum Delegate: Equatable, CanonicalSumCodable { case completed(path: CompletionPath) }
private enum Payload: Equatable, Sendable, CanonicalSumCodable {
  case armSafetyNet(afterMillis: Int64)
  case notifyListener(Delegate)
  case dim(Int)
  case clear
}
private enum Ambiguous: CanonicalSumCodable { case pair(Int, Int) }
private struct Priced: Codable { var price: Double }
private struct Counter: Codable, Equatable { var count: Int }

extension Delegate: Sendable {}
extension CompletionPath: Sendable {}

/// docs/canonical-json.md, "Typed values → canonical" and "Effects".
final class CanonicalCodingTests: XCTestCase {
  let encoder = CanonicalEncoder()
  let decoder = CanonicalDecoder()

  func decode<T: Decodable>(_ type: T.Type, _ text: String, root: String) throws -> T {
    try decoder.decode(type, from: JSONParser().parse(text), root: root)
  }

  func decodingError<T: Decodable>(_ type: T.Type, _ text: String, root: String) -> String {
    do {
      _ = try decode(type, text, root: root)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  func testStructWritesEveryPropertyAndOmitsNilOptionals() throws {
    let profile = Profile(
      name: "Ada", age: 36, nickname: nil, id: UUID(uuidString: "A0B1C2D3-E4F5-A6B7-C8D9-E0F1A2B3C4D5")!,
      joined: Date(timeIntervalSince1970: 1_782_984_600.1239))
    XCTAssertEqual(
      try encoder.compact(profile),
      #"{"age":36,"id":"a0b1c2d3-e4f5-a6b7-c8d9-e0f1a2b3c4d5","joined":"2026-07-02T09:30:00.123Z","name":"Ada","tier":"free"}"#
    )
    XCTAssertEqual(try decode(Profile.self, try encoder.compact(profile), root: "state").name, "Ada")
  }

  func testStructRoundTrips() throws {
    let profile = Profile(
      name: "Ada", age: 36, nickname: "A", tier: .pro, id: UUID(), joined: Date(timeIntervalSince1970: 1_700_000_000.5))
    let tree = try encoder.encode(profile)
    XCTAssertEqual(try decoder.decode(Profile.self, from: tree, root: "state"), profile)
  }

  func testDatesAreMillisecondUTCFlooredNeverRounded() throws {
    XCTAssertEqual(CanonicalDate.format(Date(timeIntervalSince1970: 0.0019)), "1970-01-01T00:00:00.001Z")
    XCTAssertEqual(CanonicalDate.format(Date(timeIntervalSince1970: -0.0001)), "1969-12-31T23:59:59.999Z")
    XCTAssertEqual(CanonicalDate.format(Date(timeIntervalSince1970: 1_782_984_600)), "2026-07-02T09:30:00.000Z")
    XCTAssertEqual(CanonicalDate.parse("2026-07-02T09:30:00.000Z"), Date(timeIntervalSince1970: 1_782_984_600))
    XCTAssertNil(CanonicalDate.parse("2026-02-30T09:30:00.000Z"))
    XCTAssertNil(CanonicalDate.parse("2026-07-02T09:30:00Z"))
  }

  func testPayloadlessCaseIsCaseOnly() throws {
    XCTAssertEqual(try encoder.compact(Payload.clear), #"{"case":"clear"}"#)
    XCTAssertEqual(try decode(Payload.self, #"{"case":"clear"}"#, root: "action"), .clear)
  }

  func testLabelledPayloadIsAnObjectUnderValue() throws {
    XCTAssertEqual(
      try encoder.compact(Payload.armSafetyNet(afterMillis: 3000)),
      #"{"case":"armSafetyNet","value":{"afterMillis":3000}}"#)
    XCTAssertEqual(
      try decode(Payload.self, #"{"case":"armSafetyNet","value":{"afterMillis":3000}}"#, root: "action"),
      .armSafetyNet(afterMillis: 3000))
  }

  func testSingleUnlabelledPayloadIsBareUnderValue() throws {
    XCTAssertEqual(try encoder.compact(Payload.dim(30)), #"{"case":"dim","value":30}"#)
    XCTAssertEqual(
      try encoder.compact(Payload.notifyListener(.completed(path: .ceremony))),
      #"{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"ceremony"}}}}"#)
    XCTAssertEqual(
      try decode(
        Payload.self, #"{"case":"notifyListener","value":{"case":"completed","value":{"path":{"case":"safetyNet"}}}}"#,
        root: "action"),
      .notifyListener(.completed(path: .safetyNet)))
  }

  func testSeveralUnlabelledPayloadsAreRefused() {
    XCTAssertThrowsError(try encoder.compact(Ambiguous.pair(1, 2))) { error in
      XCTAssertTrue(
        "\(error)".contains("case 'pair' of Ambiguous has several or mixed unlabelled payloads"), "\(error)")
    }
  }

  func testUnknownCaseIsANamedError() {
    XCTAssertEqual(
      decodingError(Payload.self, #"{"case":"bogus"}"#, root: "action"),
      "unknown case 'bogus' for Payload at action.case")
  }

  func testUnknownKeyIsANamedError() {
    XCTAssertEqual(
      decodingError(Counter.self, #"{"count":1,"cuont":2}"#, root: "state"),
      "unexpected key 'cuont' in Counter at state")
  }

  func testUnknownKeyInsideALabelledPayloadIsANamedError() {
    XCTAssertEqual(
      decodingError(Payload.self, #"{"case":"armSafetyNet","value":{"afterMillis":1,"x":2}}"#, root: "action"),
      "unexpected key 'x' in Payload.armSafetyNet at action.value")
  }

  func testUnknownKeyInTheEnvelopeIsANamedError() {
    XCTAssertEqual(
      decodingError(Payload.self, #"{"case":"clear","kind":"x"}"#, root: "action"),
      "unexpected key 'kind' in the Payload envelope at action")
  }

  func testMissingKeyIsANamedError() {
    XCTAssertEqual(decodingError(Counter.self, "{}", root: "state"), "missing key 'count' in Counter at state")
  }

  func testMissingUnlabelledPayloadIsANamedError() {
    XCTAssertEqual(
      decodingError(Payload.self, #"{"case":"dim"}"#, root: "action"),
      "Payload.dim needs a 'value' payload (at action.value)")
  }

  func testNonIntegerNeverDecodesIntoAnInt() {
    XCTAssertEqual(
      decodingError(Counter.self, #"{"count":1.0}"#, root: "state"),
      "expected an integer at state.count, found the non-integer number 1.0")
  }

  func testIntegerOutOfRangeForTheFieldIsANamedError() {
    XCTAssertEqual(
      decodingError([Int8].self, "[300]", root: "state"), "integer 300 at state[0] does not fit in Int8")
  }

  func testFloatFieldsAreRefusedAtEncodeWithThePath() {
    XCTAssertThrowsError(try encoder.compact(Priced(price: 1.5), root: "state")) { error in
      XCTAssertEqual(
        "\(error)",
        "floating-point values are forbidden in fixture-visible types (a Double or Float at state.price); use an integer unit such as millis or cents"
      )
    }
  }

  func testFloatFieldsAreRefusedAtDecode() {
    XCTAssertTrue(
      decodingError(Priced.self, #"{"price":1}"#, root: "state").hasPrefix("floating-point values are forbidden"))
  }

  func testCanonicalDoubleIsThePermittedDouble() throws {
    XCTAssertEqual(try encoder.encode(CanonicalDouble(1.5)!), .fraction("1.5"))
    XCTAssertEqual(try encoder.encode(CanonicalDouble(2)!), .fraction("2.0"))
    XCTAssertEqual(CanonicalDouble(1e-7)!.canonicalText, "1.0E-7", "Kotlin's spelling (docs/telemetry.md)")
    XCTAssertNil(CanonicalDouble(.nan))
    XCTAssertNil(CanonicalDouble(.infinity))
  }

  func testRawValueEnumIsItsRawValue() throws {
    XCTAssertEqual(try encoder.compact(Tier.pro), #""pro""#)
    XCTAssertTrue(decodingError(Tier.self, #""gold""#, root: "state.tier").contains("at state.tier"))
  }

  func testDictionariesUseStringKeys() throws {
    XCTAssertEqual(try encoder.compact(["b": 1, "a": 2]), #"{"a":2,"b":1}"#)
    XCTAssertEqual(try decode([String: Int].self, #"{"a":2}"#, root: "x"), ["a": 2])
  }

  func testEffectRunWithIdUsesKindNotCase() throws {
    let effect = Effect<Payload>.run(.armSafetyNet(afterMillis: 3000), id: "splash.safetyNet")
    let text = #"{"id":"splash.safetyNet","kind":"run","payload":{"case":"armSafetyNet","value":{"afterMillis":3000}}}"#
    XCTAssertEqual(try encoder.compact(effect), text)
    XCTAssertEqual(try decode(Effect<Payload>.self, text, root: "effects[0]"), effect)
  }

  func testAnonymousEffectHasNoIdKey() throws {
    XCTAssertEqual(try encoder.compact(Effect<Payload>.run(.clear)), #"{"kind":"run","payload":{"case":"clear"}}"#)
  }

  func testCancelEffectCarriesOnlyItsId() throws {
    let text = #"{"id":"splash.safetyNet","kind":"cancel"}"#
    XCTAssertEqual(try encoder.compact(Effect<Payload>.cancel(id: "splash.safetyNet")), text)
    XCTAssertEqual(try decode(Effect<Payload>.self, text, root: "e"), .cancel(id: "splash.safetyNet"))
  }

  func testUnknownEffectKindIsAnError() {
    XCTAssertTrue(
      decodingError(Effect<Payload>.self, #"{"kind":"launch"}"#, root: "e").contains("unknown effect kind 'launch'"))
  }

  func testEmptyEffectListIsAnEmptyArray() throws {
    XCTAssertEqual(try encoder.compact([Effect<Payload>]()), "[]")
  }
}
