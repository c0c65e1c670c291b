import Dispatch
import Foundation
import XCTest

@testable import DuetVerify

/// The one corpus scan: what its whole-corpus checks see in the fixtures folder, and that its
/// result does not depend on the order (or the threads) recordings were scanned in.
final class CorpusScanTests: FolderTestCase {
  func testARecordingInASubfolderIsNamedButHiddenFoldersAndLinksAreNotEntered() throws {
    try writeCounterRepository()
    try folder.write("fixtures/sub/deeper/counter-copy.fixture.json", FixtureText.counter())
    try folder.write("fixtures/.runs/counter.fixture.json", FixtureText.counter())
    let elsewhere = try makeFolder()
    try elsewhere.write("linked.fixture.json", FixtureText.counter())
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("fixtures/elsewhere"), withDestinationURL: elsewhere.url)
    XCTAssertEqual(
      try lint(counterManifest),
      [
        "fixtures/sub/deeper/counter-copy.fixture.json: this recording is in a subfolder of fixtures/, where no verb "
          + "reads it (recordings are found by name directly in fixtures/). Move it there and list 'counter-copy' in "
          + "manifest.yaml: mv fixtures/sub/deeper/counter-copy.fixture.json fixtures/, or delete it (git does not "
          + "track it): rm fixtures/sub/deeper/counter-copy.fixture.json"
      ])
  }

  func testAStrayTemporaryIsNamedOnlyWhenItsProcessIsGone() throws {
    try writeCounterRepository()
    try folder.write("fixtures/.duet-999999999-a1b2.tmp", "{")
    try folder.write("fixtures/.duet-\(getpid())-c3d4.tmp", "{")
    XCTAssertEqual(
      try lint(counterManifest),
      [
        "fixtures/.duet-999999999-a1b2.tmp: a temporary file left by an interrupted duet-verify record (its process is "
          + "gone). The next duet-verify record removes it, or delete it: rm fixtures/.duet-999999999-a1b2.tmp"
      ])
  }

  /// `verify` scans on its runner threads, in dispatch order: the result is the manifest-order one.
  func testScanningFromManyThreadsInAnyOrderGivesTheManifestOrderResult() throws {
    var manifest = "features:\n  counter:\n    fixtures:\n"
    for index in 0..<12 {
      manifest += "      - counter.n\(index)\n"
      let text = index % 3 == 0 ? "{\"oops\": \(index)" : FixtureText.counter()
      try folder.write("fixtures/counter.n\(index).fixture.json", text)
    }
    try folder.write("manifest.yaml", manifest)
    let read = ManifestReader.load(folder.manifestLocation)
    let corpus = Corpus(
      manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: folder.manifestLocation))
    let inOrder = CorpusScan.run(corpus)
    let scan = CorpusScan(corpus: corpus)
    let listed = Array(corpus.manifest.listedFixtures.enumerated().reversed())
    DispatchQueue.concurrentPerform(iterations: listed.count) { index in
      _ = scan.scan(listed[index].element, at: listed[index].offset)
    }
    let scattered = scan.finish()
    XCTAssertEqual(scattered.lint.problems, inOrder.lint.problems)
    XCTAssertEqual(scattered.lint.fixturesChecked, 8)
    XCTAssertEqual(Set(scattered.lint.loadFailures.keys), ["counter.n0", "counter.n3", "counter.n6", "counter.n9"])
    XCTAssertEqual(scattered.taxonomy.fixturesRead, inOrder.taxonomy.fixturesRead)
    XCTAssertEqual(
      inOrder.lint.problems.map(\.file).prefix(2),
      ["fixtures/counter.n0.fixture.json", "fixtures/counter.n3.fixture.json"])
  }
}
