import DuetCore
import DuetRunner
import Foundation
import XCTest

@testable import DuetVerify

/// The one driver of a replay: however many lanes a run has, the corpus is scanned once (lint and
/// the taxonomy are about the recordings, not the runners) and every lane replays the selection.
final class LanesPassTests: FolderTestCase {
  /// Hands out no runner: every start fails, so each lane's recordings are settled as not run.
  struct NoRunner: RunnerLauncher {
    func launch() throws(RunnerStartError) -> any RunnerConnection {
      throw RunnerStartError(command: "./runner", fault: .closedOutput, stderr: [])
    }
  }

  func lane(_ platform: String) -> Lane {
    Lane(
      platform: platform,
      runner: RunnerSetup.Choice(
        command: RunnerCommand(executable: "/nonexistent/runner", workingDirectory: folder.url),
        limits: RunnerLimits(), jobs: 1, launcher: HandshakeNotingLauncher(NoRunner()), root: folder.url))
  }

  func testTwoLanesScanTheCorpusOnceAndEachReplaysTheSelection() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    try folder.write("fixtures/counter.other.fixture.json", FixtureText.counter())
    try folder.write("fixtures/counter.broken.fixture.json", "{\"oops\": 1")
    try folder.write(
      "manifest.yaml",
      "features:\n  counter:\n    fixtures:\n      - counter\n      - counter.other\n"
        + "      - counter.broken\n")
    let read = ManifestReader.load(folder.manifestLocation)
    let corpus = Corpus(
      manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: folder.manifestLocation))
    let alone = CorpusScan.run(corpus)
    let selected = corpus.manifest.listedFixtures.filter { $0.name == "counter" }

    let (run, taxonomy) = LanesPass(corpus: corpus, lanes: [lane("swift"), lane("kotlin")]).run(
      selected: selected, arguments: ParsedArguments(verb: .verify), onResult: { _, _ in }, keep: { _ in })

    XCTAssertEqual(run.lintProblems, alone.lint.problems, "the run's problems are lint's, each said once")
    XCTAssertEqual(run.lintProblems.count, 1, "\(run.lintProblems)")
    XCTAssertEqual(taxonomy.fixturesRead, alone.taxonomy.fixturesRead, "each readable recording read once")
    XCTAssertEqual(run.lanes.map(\.platform), ["swift", "kotlin"])
    XCTAssertEqual(run.lanes.map { $0.fixtures.map(\.name) }, [["counter"], ["counter"]])
  }

  func testARunThatStopsAtTheFirstFailureDispatchesNoRecordingAfterIt() throws {
    for name in ["counter", "counter.other", "counter.third"] {
      try folder.write("fixtures/\(name).fixture.json", FixtureText.counter())
    }
    try folder.write(
      "manifest.yaml",
      "features:\n  counter:\n    fixtures:\n      - counter\n      - counter.other\n      - counter.third\n")
    let read = ManifestReader.load(folder.manifestLocation)
    let corpus = Corpus(
      manifest: read.manifest, manifestProblems: read.problems, store: FixtureStore(location: folder.manifestLocation))
    let selected = corpus.manifest.listedFixtures
    let delivered = Locked(0)
    var pass = LanesPass(corpus: corpus, lanes: [lane("swift")])
    // No runner starts, so the first recording fails (not run): nothing after it is dispatched.
    pass.stopAtFirstFailure = true
    let (stopped, _) = pass.run(
      selected: selected, arguments: ParsedArguments(verb: .verify),
      onResult: { _, _ in delivered.withLock { $0 += 1 } },
      keep: { _ in })
    XCTAssertEqual(stopped.fixtures.count, 1, "\(stopped.fixtures.map(\.name))")
    XCTAssertEqual(delivered.value, 1)
    pass.stopAtFirstFailure = false
    let (whole, _) = pass.run(
      selected: selected, arguments: ParsedArguments(verb: .verify), onResult: { _, _ in }, keep: { _ in })
    XCTAssertEqual(whole.fixtures.count, 3, "without the stop every recording has its result")
  }
}
