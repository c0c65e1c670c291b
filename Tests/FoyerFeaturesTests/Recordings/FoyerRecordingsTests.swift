import DuetCore
import DuetReplay
import Foundation
import XCTest

/// The recordings in `fixtures/` are build products of the scenarios, never hand-written.
///
/// Run with `FOYER_RECORD=1` to (re)write them: every scenario and chain in the registry is
/// compiled, and each document is written through the pretty canonical writer, atomically. Without
/// it, the same compilation is compared with the files on disk, so a scenario edited without
/// re-recording fails here, naming the fixture and its first divergent path.
final class FoyerRecordingsTests: XCTestCase {
  private var isRecording: Bool { ProcessInfo.processInfo.environment["FOYER_RECORD"] == "1" }

  func testEveryRecordingIsWhatItsScenarioCompilesTo() throws {
    let compiled = try Repository.compiledFixtures()
    if isRecording {
      try FileManager.default.createDirectory(at: Repository.fixtures, withIntermediateDirectories: true)
    }
    var problems: [String] = []
    for fixture in compiled {
      let text = try CanonicalWriter.pretty(fixture.document)
      let file = Repository.file(of: fixture.name)
      if isRecording {
        try Data(text.utf8).write(to: file, options: .atomic)
        continue
      }
      guard let onDisk = try? Data(contentsOf: file) else {
        problems.append("\(fixture.name): not recorded yet")
        continue
      }
      guard onDisk != Data(text.utf8) else { continue }
      let recorded = try JSONParser().parse(Array(onDisk))
      let divergence = FirstDivergence.between(recorded, fixture.document, root: "document")
      problems.append(
        "\(fixture.name): differs from its scenario"
          + (divergence.map { " at \($0.path) (recorded \($0.expectedText), compiled \($0.actualText))" } ?? ""))
    }
    XCTAssertEqual(
      problems, [],
      "\(problems.count) recording(s) are not what their scenarios compile to; re-record them with "
        + "`FOYER_RECORD=1 swift test --skip-build --filter FoyerRecordingsTests` and review the diff.")
  }

  func testNoRecordingOnDiskIsOrphaned() throws {
    let produced = Set(try Repository.compiledFixtures().map(\.name))
    let orphans = try Repository.fixtureNamesOnDisk().filter { !produced.contains($0) }

    XCTAssertEqual(orphans, [], "no scenario produces these recordings any more; delete them or restore the scenario")
  }

  func testEveryCompiledNameIsUnique() throws {
    let names = try Repository.compiledFixtures().map(\.name)

    XCTAssertEqual(names.count, Set(names).count, "two scenarios compile to the same fixture name: \(names)")
  }

  func testTheManifestListsEveryRecording() throws {
    let manifest = try String(contentsOf: Repository.root.appendingPathComponent("manifest.yaml"), encoding: .utf8)
    let listed = Set(
      manifest.split(separator: "\n").compactMap { line -> String? in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("- ") ? String(trimmed.dropFirst(2)) : nil
      })
    let missing = try Repository.compiledFixtures().map(\.name).filter { !listed.contains($0) }

    XCTAssertEqual(missing, [], "manifest.yaml must list every recording its scenarios produce")
  }
}
