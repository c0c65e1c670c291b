import DuetCore
import DuetTelemetry
import Foundation
import XCTest

/// Numbers follow Duet's Kotlin core: doubles in the JVM's spelling, ints within Kotlin's 32 bits.
final class KotlinNumberTests: XCTestCase {
  func testDoubleLiteralNeedsNoUnwrapping() throws {
    XCTAssertEqual(
      try CanonicalEncoder().compact(TrackedParam.double(key: "duration_s", value: 1.5)),
      #"{"case":"double","value":{"key":"duration_s","value":1.5}}"#)
  }

  func testSmallAndLargeDoublesUseKotlinsENotation() {
    let spelled: [(Double, String)] = [
      (1e-7, "1.0E-7"), (0.0001, "1.0E-4"), (0.001, "0.001"), (1.5, "1.5"), (2, "2.0"), (100, "100.0"),
      (1_234_567.5, "1234567.5"), (1e7, "1.0E7"), (12_345_678, "1.2345678E7"), (-2.5e-9, "-2.5E-9"), (-0.0, "-0.0"),
    ]
    for (number, text) in spelled {
      XCTAssertEqual(CanonicalDouble(number)?.canonicalText, text, "\(number)")
    }
  }

  func testKotlinRecordedENotationReEncodesUnchanged() throws {
    let recorded = #"{"case":"double","value":{"key":"ratio","value":1.0E-7}}"#
    let param = try CanonicalDecoder().decode(TrackedParam.self, from: try JSONParser().parse(recorded))

    XCTAssertEqual(try CanonicalEncoder().compact(param), recorded)
    XCTAssertEqual(try CanonicalWriter.compact(try JSONParser().parse(recorded)), recorded)
  }

  func testIntBeyondKotlinsIntIsRefusedWhenEncoded() {
    XCTAssertThrowsError(try CanonicalEncoder().compact(TrackedParam.int(key: "bytes", value: 3_000_000_000))) {
      error in
      XCTAssertTrue(
        "\(error)".contains(
          "the int param 'bytes' holds 3000000000, outside Kotlin's 32-bit Int (-2147483648...2147483647)"),
        "\(error)")
    }
  }

  func testIntBeyondKotlinsIntIsRefusedWhenDecoded() throws {
    let tree = try JSONParser().parse(#"{"case":"int","value":{"key":"bytes","value":2147483648}}"#)
    XCTAssertThrowsError(try CanonicalDecoder().decode(TrackedParam.self, from: tree, root: "param")) { error in
      XCTAssertEqual((error as? CanonicalCodingError)?.path.description, "param")
      XCTAssertTrue("\(error)".contains("outside Kotlin's 32-bit Int"), "\(error)")
    }
  }

  func testIntAtKotlinsLimitsIsAccepted() throws {
    for value in [Int(Int32.min), Int(Int32.max)] {
      let param = TrackedParam.int(key: "n", value: value)
      let tree = try CanonicalEncoder().encode(param)
      XCTAssertEqual(try CanonicalDecoder().decode(TrackedParam.self, from: tree), param)
    }
  }

  func testEncodedPropertiesAreFoundationValuesAVendorTakes() {
    let event = TrackedEvent(
      subject: "Item", verb: .created,
      params: [
        .string(key: "from", value: "capture"), .int(key: "photo_count", value: 2),
        .bool(key: "cached", value: false), .double(key: "duration_s", value: 1.5),
      ])
    let bag: [String: Any] = event.encodedProperties()

    XCTAssertEqual(bag["from"] as? String, "capture")
    XCTAssertEqual(bag["photo_count"] as? Int, 2)
    XCTAssertEqual(bag["cached"] as? Bool, false)
    XCTAssertEqual(bag["duration_s"] as? Double, 1.5)
  }
}
