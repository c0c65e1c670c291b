import DuetCore
import DuetTelemetry
import Foundation
import TestSupport
import XCTest

/// The five telemetry-twin vectors: each event decodes, yields the recorded name and property bag,
/// and re-encodes to the same canonical tree. The files are not canonical (4-space indent, unsorted
/// keys), so they are parsed into a tree first and decoded from that.
final class TelemetryTwinConformanceTests: XCTestCase {
  /// One test over the whole folder (a fresh clone without `../shared` skips it once): the folder
  /// holds exactly the five vectors, and each conforms; a failure names its vector.
  func testEveryTelemetryTwinVectorConforms() throws {
    let files = try SharedReference.files(in: "telemetry-twin", suffix: ".fixture.json")
    let names = files.map { $0.lastPathComponent.replacingOccurrences(of: ".fixture.json", with: "") }
    XCTAssertEqual(names, Self.vectors, "the telemetry-twin folder's vectors")
    for name in Self.vectors {
      guard let url = files.first(where: { $0.lastPathComponent == "\(name).fixture.json" }) else {
        XCTFail("\(name): the vector is missing from ../shared/reference/telemetry-twin")
        continue
      }
      do { try checkVector(name, at: url) } catch { XCTFail("\(name): \(error)") }
    }
  }

  private static let vectors = ["app-minted-verb", "empty-params", "envelope", "multiword-verb", "param-cases"]

  private func checkVector(_ name: String, at url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let vector = try JSONParser().parse(try Data(contentsOf: url))
    let eventTree = try XCTUnwrap(vector["event"], "\(name): event", file: file, line: line)
    let event = try CanonicalDecoder().decode(TrackedEvent.self, from: eventTree, root: "event")

    XCTAssertEqual(.string(event.encodedName()), vector["encodedName"], "\(name): encodedName", file: file, line: line)
    XCTAssertEqual(
      .object(event.encodedPrimitives().mapValues(\.jsonValue)), vector["encodedProperties"],
      "\(name): encodedProperties", file: file, line: line)

    let again = try CanonicalEncoder().encode(event, root: "event")
    XCTAssertEqual(again, eventTree, "\(name): the re-encoded tree", file: file, line: line)
    XCTAssertEqual(
      try CanonicalWriter.compact(again), try CanonicalWriter.compact(eventTree), "\(name): the canonical bytes",
      file: file, line: line)
  }
}
