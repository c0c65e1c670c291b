import DuetCore
import DuetTelemetry
import XCTest

final class TrackedVerbTests: XCTestCase {
  func testStarterVocabularyIsSpelledExactly() {
    XCTAssertEqual(
      TrackedVerb.starters.map(\.token),
      ["Viewed", "Opened", "Started", "Completed", "Failed", "Created", "Edited", "Deleted", "Toggled", "Signed Out"])
  }

  func testAnAppMintsAVerbInOneLine() {
    let signedIn: TrackedVerb = "Signed In"
    XCTAssertEqual(TrackedEvent(subject: "Session", verb: signedIn).encodedName(), "Session Signed In")
    XCTAssertFalse(signedIn.isStarter)
    XCTAssertTrue(TrackedVerb.signedOut.isStarter)
  }

  func testEmptyTokenIsInvalid() {
    XCTAssertNil(TrackedVerb(token: ""))
  }

  func testEncodedNameTrimsAndRecasesNothing() {
    XCTAssertEqual(
      TrackedEvent(subject: "item load", verb: TrackedVerb(token: " failed ")!).encodedName(), "item load  failed ")
  }

  func testVerbCodesAsABareString() throws {
    XCTAssertEqual(try CanonicalEncoder().compact(TrackedVerb.signedOut), #""Signed Out""#)
    XCTAssertEqual(try CanonicalDecoder().decode(TrackedVerb.self, from: .string("Toggled")), .toggled)
  }

  func testEncodedPropertiesMapsKeysToPrimitives() {
    let event = TrackedEvent(
      subject: "Item", verb: .created,
      params: [.int(key: "photo_count", value: 2), .bool(key: "cached", value: false)])
    XCTAssertEqual(event.encodedPrimitives(), ["photo_count": .int(2), "cached": .bool(false)])
  }
}
