import DuetCore
import DuetTelemetry
import Foundation
import XCTest

/// The five telemetry-twin vectors: each event decodes, yields the recorded name and property bag,
/// and re-encodes to the same canonical tree. The files are not canonical (4-space indent, unsorted
/// keys), so they are parsed into a tree first and decoded from that.
final class TelemetryTwinConformanceTests: XCTestCase {
  func testAppMintedVerbVectorConforms() throws { try checkVector("app-minted-verb") }
  func testEmptyParamsVectorConforms() throws { try checkVector("empty-params") }
  func testEnvelopeVectorConforms() throws { try checkVector("envelope") }
  func testMultiwordVerbVectorConforms() throws { try checkVector("multiword-verb") }
  func testParamCasesVectorConforms() throws { try checkVector("param-cases") }

  func testEveryVectorInTheFolderIsCovered() throws {
    let names = try SharedReference.files(in: "telemetry-twin", suffix: ".fixture.json").map {
      $0.lastPathComponent.replacingOccurrences(of: ".fixture.json", with: "")
    }
    XCTAssertEqual(names, ["app-minted-verb", "empty-params", "envelope", "multiword-verb", "param-cases"])
  }

  private func checkVector(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = try XCTUnwrap(
      try SharedReference.files(in: "telemetry-twin", suffix: ".fixture.json").first {
        $0.lastPathComponent == "\(name).fixture.json"
      }, "vector \(name) is missing", file: file, line: line)
    let vector = try JSONParser().parse(try Data(contentsOf: url))
    let eventTree = try XCTUnwrap(vector["event"], file: file, line: line)
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
