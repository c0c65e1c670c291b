import XCTest

@testable import DuetVerify

/// A test case that works in a fresh `TemporaryFolder` per test, removed when the test ends.
///
/// XCTest keeps test case objects alive for the whole run, so a folder held in a property would
/// outlive its test; `makeFolder()` removes each folder from disk in a teardown block instead.
/// Subclasses that prepare the folder override `setUpWithError` and call `super` first.
class FolderTestCase: XCTestCase {
  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try makeFolder()
  }

  /// A fresh folder, removed from disk when the current test ends.
  func makeFolder() throws -> TemporaryFolder {
    let made = try TemporaryFolder()
    addTeardownBlock { try? FileManager.default.removeItem(at: made.url) }
    return made
  }

  /// The manifest of the smallest repository: feature `counter` with its one recording.
  let counterManifest = "features:\n  counter:\n    fixtures:\n      - counter\n"

  /// Makes the folder that smallest repository: `counterManifest` and `FixtureText.counter()`.
  func writeCounterRepository() throws {
    try folder.write("manifest.yaml", counterManifest)
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
  }

  /// Writes `manifest` as the folder's `manifest.yaml` and lints the folder: the problems' sentences.
  func lint(_ manifest: String) throws -> [String] {
    try folder.write("manifest.yaml", manifest)
    let read = ManifestReader.load(folder.manifestLocation)
    let store = FixtureStore(location: folder.manifestLocation)
    let corpus = Corpus(manifest: read.manifest, manifestProblems: read.problems, store: store)
    return CorpusScan.run(corpus).lint.problems.map(\.description)
  }

  /// Lints the folder with `manifest` (as `lint(_:)`) and asserts it finds exactly one problem,
  /// `sentence`: the shape of most lint specifications. With `counterRecording`, that text is
  /// first written as `fixtures/counter.fixture.json`.
  func assertLintFinds(
    _ manifest: String, counterRecording: String? = nil, _ sentence: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    if let counterRecording { try folder.write("fixtures/counter.fixture.json", counterRecording) }
    XCTAssertEqual(try lint(manifest), [sentence], file: file, line: line)
  }
}
