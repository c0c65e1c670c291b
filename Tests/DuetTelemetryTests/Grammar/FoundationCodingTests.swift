import DuetCore
import DuetTelemetry
import Foundation
import TestSupport
import XCTest

/// Duet's wire form through Foundation's coders: a sink that persists events, or an app's own
/// envelope test, reads and writes what the recordings and the Kotlin core hold.
final class FoundationCodingTests: XCTestCase {
  /// One test over the telemetry-twin folder (a fresh clone without `../shared` skips it once);
  /// a failure names its vector.
  func testEveryTelemetryTwinVectorRoundTripsThroughFoundation() throws {
    // Outside XCTUnwrap: its autoclosure would turn the skip (no ../shared) into a failure.
    let vectors = try SharedReference.files(in: "telemetry-twin", suffix: ".fixture.json")
    for name in ["app-minted-verb", "empty-params", "envelope", "multiword-verb", "param-cases"] {
      guard let url = vectors.first(where: { $0.lastPathComponent == "\(name).fixture.json" }) else {
        XCTFail("vector \(name) is missing")
        continue
      }
      do { try checkVector(name, at: url) } catch { XCTFail("\(name): \(error)") }
    }
  }

  func testJSONEncoderWritesTheParamEnvelope() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(TrackedParam.string(key: "provider", value: "email")), as: UTF8.self)

    XCTAssertEqual(json, #"{"case":"string","value":{"key":"provider","value":"email"}}"#)
  }

  func testJSONDecoderNamesAnUnknownParamKind() {
    let json = Data(#"{"case":"date","value":{"key":"at","value":"x"}}"#.utf8)

    XCTAssertThrowsError(try JSONDecoder().decode(TrackedParam.self, from: json)) { error in
      XCTAssertTrue("\(error)".contains("unknown case 'date' for TrackedParam"), "\(error)")
    }
  }

  func testTrackingEffectPayloadIsACanonicalSum() {
    XCTAssertTrue(
      (MarkerlessPayload.self as Any.Type) is any CanonicalSumCodable.Type,
      "a payload declaring only TrackingEffectPayload still records the case/value envelope")
  }

  func testMarkerlessPayloadRecordsTheTrackEnvelope() throws {
    XCTAssertEqual(
      try CanonicalEncoder().compact(Effect<MarkerlessPayload>.track(TrackedEvent(subject: "Promo", verb: .viewed))),
      #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[],"subject":"Promo","verb":"Viewed"}}}}"#)
  }

  private func checkVector(_ name: String, at url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let data = try Data(contentsOf: url)
    let vector = try JSONDecoder().decode(Vector.self, from: data)
    XCTAssertEqual(vector.event.encodedName(), vector.encodedName, "\(name): encodedName", file: file, line: line)

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let again = try JSONParser().parse(try encoder.encode(vector.event))
    let expected = try XCTUnwrap(try JSONParser().parse(data)["event"], "\(name): event", file: file, line: line)
    XCTAssertEqual(
      try CanonicalWriter.compact(again), try CanonicalWriter.compact(expected), "\(name): JSONEncoder's tree",
      file: file, line: line)
  }

  private struct Vector: Decodable {
    var event: TrackedEvent
    var encodedName: String
  }
}

/// A payload that declares `TrackingEffectPayload` and nothing else.
enum MarkerlessPayload: TrackingEffectPayload {
  case track(event: TrackedEvent)
}
