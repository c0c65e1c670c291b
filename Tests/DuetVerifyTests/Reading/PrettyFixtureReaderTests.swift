import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The fast reader must read every canonical recording exactly as the parser-and-writer path does:
/// same document, same wire texts, same trees on demand, same taxonomy sightings.
final class PrettyFixtureReaderTests: XCTestCase {
  /// The example app's recordings and the Duet reference recordings (when `../shared` is present).
  func recordings() throws -> [URL] {
    let fixtures = SharedReference.repositoryRoot.appendingPathComponent("fixtures")
    var files = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
    let reference = SharedReference.folder.appendingPathComponent("duet-framework")
    for platform in ["swift", "kotlin"] {
      let folder = reference.appendingPathComponent(platform)
      files += (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    }
    return files.filter { $0.lastPathComponent.hasSuffix(".fixture.json") }.sorted { $0.path < $1.path }
  }

  func name(of file: URL) -> String { String(file.lastPathComponent.dropLast(".fixture.json".count)) }

  func testEveryCanonicalRecordingReadsTheSameBothWays() throws {
    let files = try recordings()
    XCTAssertGreaterThan(files.count, 40)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let name = name(of: file)
      let fast = try XCTUnwrap(PrettyFixtureReader.read(bytes, name: name), file.lastPathComponent)
      let tree = try JSONParser().parse(bytes)
      let slow = ReplayPlan(document: try FixtureDocumentReader.read(tree, name: name))
      assertSamePlan(fast.plan, slow, file.lastPathComponent)
      XCTAssertEqual(
        TrackEnvelopeScanner.scan(fixture: name, document: fast.taxonomyDocument, feature: nil).map(describe),
        TrackEnvelopeScanner.scan(fixture: name, document: tree, feature: nil).map(describe), file.lastPathComponent)
    }
  }

  func assertSamePlan(_ fast: ReplayPlan, _ slow: ReplayPlan, _ file: String) {
    XCTAssertFalse(fast.treesAreReal)
    let (a, b) = (fast.document, slow.document)
    XCTAssertEqual(a.name, b.name, file)
    XCTAssertEqual(a.kind, b.kind, file)
    XCTAssertEqual(a.dialect, b.dialect, file)
    XCTAssertEqual(a.feature, b.feature, file)
    XCTAssertEqual(a.scenarioSource, b.scenarioSource, file)
    XCTAssertEqual(a.nodes, b.nodes, file)
    XCTAssertEqual(text(fast.initialState), text(slow.initialState), file)
    XCTAssertEqual(fast.initialStates.mapValues(text), slow.initialStates.mapValues(text), file)
    XCTAssertEqual(fast.steps.count, slow.steps.count, file)
    for index in 0..<min(fast.steps.count, slow.steps.count) {
      let (left, right) = (a.steps[index], b.steps[index])
      XCTAssertEqual(
        [left.node, left.label, left.line.map(String.init), String(left.linkToNext)],
        [right.node, right.label, right.line.map(String.init), String(right.linkToNext)], "\(file) step \(index)")
      XCTAssertEqual(text(fast.steps[index].action), text(slow.steps[index].action), "\(file) step \(index)")
      XCTAssertEqual(
        fast.steps[index].expectedState.map(text), slow.steps[index].expectedState.map(text), "\(file) step \(index)")
      XCTAssertEqual(
        text(fast.steps[index].expectedEffects), text(slow.steps[index].expectedEffects), "\(file) step \(index)")
      XCTAssertEqual(fast.expectedStateTree(index), slow.expectedStateTree(index), "\(file) step \(index)")
      XCTAssertEqual(fast.expectedEffectsTree(index), slow.expectedEffectsTree(index), "\(file) step \(index)")
      XCTAssertEqual(fast.actionTree(index), slow.actionTree(index), "\(file) step \(index)")
    }
  }

  func text(_ wire: WireText) -> String? { try? wire.text.get() }

  func describe(_ sighted: TrackEnvelopeScanner.Sighted) -> String { String(describing: sighted) }

  func testARecordingThatIsNotCanonicalIsLeftToTheParser() throws {
    let text = "{\"dialect\":2,\"feature\":\"counter\",\"initialState\":{},\"steps\":[]}\n"
    XCTAssertNil(PrettyFixtureReader.read(Array(text.utf8), name: "counter"))
  }

  func testAWellFormedButMisshapenRecordingIsLeftToTheParserWhichSaysWhy() throws {
    // Canonical bytes, but a leaf step without expectedState: the slow path reports the shape.
    let tree: JSONValue = .object([
      "initialState": .object([:]),
      "steps": .array([.object(["action": .object(["case": .string("go")]), "expectedEffects": .array([])])]),
    ])
    let bytes = Array(try CanonicalWriter.pretty(tree).utf8)
    XCTAssertNil(PrettyFixtureReader.read(bytes, name: "counter"))
    XCTAssertThrowsError(try FixtureDocumentReader.read(tree, name: "counter"))
  }

  func testOnlyEffectsThatMentionTrackAreScannedForTheTaxonomy() {
    XCTAssertTrue(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"payload":{"case":"track"}}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"payload":{"case":"tracking"}}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice(#"[{"note":"say \"track\""}]"#.utf8)))
    XCTAssertFalse(PrettyFixtureReader.mentionsTrack(ArraySlice("[]".utf8)))
  }
}
