import DuetCore
import DuetTelemetry
import Foundation
import XCTest

/// The wire form a sink persists is the canonical one, whatever Foundation's encoder would write.
final class CanonicalWireFormTests: XCTestCase {
  let extremes = TrackedEvent(
    subject: "Upload", verb: .completed,
    params: [
      .double(key: "size", value: CanonicalDouble(1e308)!), .double(key: "delta", value: CanonicalDouble(-0.0)!),
      .int(key: "parts", value: 3),
    ])
  let expected =
    #"{"params":[{"case":"double","value":{"key":"size","value":1.0E308}},"#
    + #"{"case":"double","value":{"key":"delta","value":-0.0}},{"case":"int","value":{"key":"parts","value":3}}],"#
    + #""subject":"Upload","verb":"Completed"}"#

  func testCanonicalJSONSortsKeysAndSpellsDoublesAsTheKotlinCore() throws {
    XCTAssertEqual(try extremes.canonicalJSON(), expected)
  }

  func testWhatFoundationWroteReadsBackToTheSameCanonicalBytes() throws {
    let foundation = try JSONEncoder().encode(extremes)

    XCTAssertEqual(try JSONDecoder().decode(TrackedEvent.self, from: foundation).canonicalJSON(), expected)
  }

  func testAnIntOutsideKotlinsRangeIsRefusedNamingTheKey() {
    let event = TrackedEvent(subject: "Upload", verb: .completed, params: [.int(key: "bytes", value: 1 << 40)])

    XCTAssertThrowsError(try event.canonicalJSON()) { error in
      XCTAssertTrue("\(error)".contains("the int param 'bytes'"), "\(error)")
    }
  }
}
