import DuetCore
import DuetTelemetry
import XCTest

final class TrackedEventCodingTests: XCTestCase {
  let signedIn = TrackedEvent(
    subject: "Session", verb: "Signed In", params: [.string(key: "provider", value: "email")])

  func testEventEncodesWithSortedKeysAndEnvelopedParams() throws {
    XCTAssertEqual(
      try CanonicalEncoder().compact(signedIn),
      #"{"params":[{"case":"string","value":{"key":"provider","value":"email"}}],"subject":"Session","verb":"Signed In"}"#
    )
  }

  func testEmptyParamsAreStillWritten() throws {
    XCTAssertEqual(
      try CanonicalEncoder().compact(TrackedEvent(subject: "Profile", verb: .viewed)),
      #"{"params":[],"subject":"Profile","verb":"Viewed"}"#)
  }

  func testEachParamKindWritesItsEnvelope() throws {
    let params: [TrackedParam] = [
      .string(key: "from", value: "capture"),
      .int(key: "photo_count", value: 2),
      .bool(key: "has_description", value: true),
      .double(key: "duration_s", value: CanonicalDouble(1.5)!),
    ]
    XCTAssertEqual(
      try CanonicalEncoder().compact(params),
      #"[{"case":"string","value":{"key":"from","value":"capture"}},{"case":"int","value":{"key":"photo_count","value":2}},"#
        + #"{"case":"bool","value":{"key":"has_description","value":true}},"#
        + #"{"case":"double","value":{"key":"duration_s","value":1.5}}]"#)
  }

  func testWholeDoubleKeepsItsFraction() throws {
    XCTAssertEqual(
      try CanonicalEncoder().compact(TrackedParam.double(key: "ratio", value: CanonicalDouble(2)!)),
      #"{"case":"double","value":{"key":"ratio","value":2.0}}"#)
  }

  func testDoubleRefusesNaNAndInfinity() {
    XCTAssertNil(CanonicalDouble(.nan))
    XCTAssertNil(CanonicalDouble(.infinity))
  }

  func testEmptyVerbFailsToDecodeNamingThePath() throws {
    let tree = try JSONParser().parse(#"{"params":[],"subject":"Session","verb":""}"#)
    XCTAssertThrowsError(try CanonicalDecoder().decode(TrackedEvent.self, from: tree, root: "event")) { error in
      XCTAssertEqual((error as? CanonicalCodingError)?.path.description, "event.verb")
      XCTAssertTrue("\(error)".contains("a verb token must not be empty"), "\(error)")
    }
  }

  func testMissingParamsFailsToDecode() throws {
    let tree = try JSONParser().parse(#"{"subject":"Session","verb":"Viewed"}"#)
    XCTAssertThrowsError(try CanonicalDecoder().decode(TrackedEvent.self, from: tree, root: "event")) { error in
      XCTAssertEqual("\(error)", "missing key 'params' in TrackedEvent at event")
    }
  }

  func testUnknownParamKindFailsToDecode() throws {
    let tree = try JSONParser().parse(
      #"{"params":[{"case":"date","value":{"key":"at","value":"x"}}],"subject":"Session","verb":"Viewed"}"#)
    XCTAssertThrowsError(try CanonicalDecoder().decode(TrackedEvent.self, from: tree, root: "event")) { error in
      XCTAssertEqual("\(error)", "unknown case 'date' for TrackedParam at event.params[0].case")
    }
  }

  func testTrackEffectWritesTheRecordedEnvelope() throws {
    let effect = Effect<DemoPayload>.track(TrackedEvent(subject: "Promo", verb: .viewed))
    XCTAssertEqual(
      try CanonicalEncoder().compact(effect),
      #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[],"subject":"Promo","verb":"Viewed"}}}}"#)
  }

  func testTrackEffectDecodesBackFromTheRecording() throws {
    let tree = try JSONParser().parse(
      #"{"kind":"run","payload":{"case":"track","value":{"event":{"params":[],"subject":"Promo","verb":"Viewed"}}}}"#)
    let effect = try CanonicalDecoder().decode(Effect<DemoPayload>.self, from: tree, root: "effect")
    XCTAssertEqual(effect, .track(TrackedEvent(subject: "Promo", verb: .viewed)))
  }
}

/// A feature payload shaped the way the recordings need: `case track(event:)` beside its own cases.
enum DemoPayload: TrackingEffectPayload, CanonicalSumCodable {
  case track(event: TrackedEvent)
  case loadItems
}
