import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// A loaded recording whose canonical bytes never spell `"track"` is not walked for envelopes: the
/// shortcut must find exactly what walking the parsed tree finds, on every example recording.
final class TrackEnvelopeShortcutTests: XCTestCase {
  func testALoadedRecordingFindsTheEnvelopesItsTreeHolds() throws {
    let fixtures = SharedReference.repositoryRoot.appendingPathComponent("fixtures")
    let files = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasSuffix(".fixture.json") }
    let store = FixtureStore(location: ManifestLocation(file: fixtures.appendingPathComponent("../manifest.yaml")))
    var sighted = 0
    var skipped = 0
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let name = String(file.lastPathComponent.dropLast(".fixture.json".count))
      guard case .success(let loaded) = store.inspect(bytes, name: name) else { continue }
      let walked = TrackEnvelopeScanner.scan(fixture: name, document: try JSONParser().parse(bytes), feature: nil)
      let found = TrackEnvelopeScanner.scan(fixture: name, loaded: loaded, feature: nil)
      XCTAssertEqual(found.map { String(describing: $0) }, walked.map { String(describing: $0) }, name)
      sighted += walked.isEmpty ? 0 : 1
      skipped += TrackEnvelopeScanner.spellsTrack(bytes) ? 0 : 1
    }
    XCTAssertGreaterThan(sighted, 0, "no example recording emits an event: the test proves nothing")
    XCTAssertGreaterThan(skipped, 0, "every example recording spells track: the shortcut is never taken")
  }
}
