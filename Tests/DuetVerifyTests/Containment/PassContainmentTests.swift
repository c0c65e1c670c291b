import DuetCore
import DuetRunner
import Foundation
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `verify`'s pass reads each recording where its runner thread replays it: with several runners
/// after the dispatch order looked at every file, with one runner looking only as it reads. Either
/// way a named pipe, a folder or a link leading outside the repository named like a recording is
/// refused with its sentence, unopened, without a hang, and every other recording is still
/// dispatched.
final class PassContainmentTests: ContainmentTestCase {
  /// Hands out no runner: each readable recording is settled as not run, each unreadable one as
  /// unreadable with the store's sentence.
  struct NoRunner: RunnerLauncher {
    func launch() throws(RunnerStartError) -> any RunnerConnection {
      throw RunnerStartError(command: "./runner", fault: .closedOutput, stderr: [])
    }
  }

  func lane(jobs: Int) -> Lane {
    Lane(
      platform: "swift",
      runner: RunnerSetup.Choice(
        command: RunnerCommand(executable: "/nonexistent/runner", workingDirectory: repository.url),
        limits: RunnerLimits(), jobs: jobs, launcher: HandshakeNotingLauncher(NoRunner()), root: repository.url))
  }

  /// The manifest lists `names` under feature `counter`.
  func corpus(listing names: [String]) throws -> Corpus {
    try repository.write(
      "manifest.yaml", "features:\n  counter:\n    fixtures:\n" + names.map { "      - \($0)\n" }.joined())
    let read = ManifestReader.load(repository.manifestLocation)
    return Corpus(
      manifest: read.manifest, manifestProblems: read.problems,
      store: FixtureStore(location: repository.manifestLocation))
  }

  /// Each result's name and, for an unreadable recording, its sentence, in the order delivered.
  func run(_ corpus: Corpus, jobs: Int) -> [(name: String, detail: String?)] {
    let delivered = Locked<[(name: String, detail: String?)]>([])
    _ = LanesPass(corpus: corpus, lanes: [lane(jobs: jobs)]).run(
      selected: corpus.manifest.listedFixtures, arguments: ParsedArguments(verb: .verify),
      onResult: { _, result in
        let detail = result.failure?.reason == .unreadable ? result.failure?.detail : nil
        delivered.withLock { $0.append((result.name, detail)) }
      },
      keep: { _ in })
    return delivered.value
  }

  func testAPipeAFolderAndALinkOutsideNamedLikeRecordingsAreRefusedWithOneRunnerAndWithTwo() throws {
    try repository.write("fixtures/counter.fixture.json", FixtureText.counter())
    try repository.write("fixtures/counter.last.fixture.json", FixtureText.counter())
    let fixtures = repository.url.appendingPathComponent("fixtures")
    XCTAssertEqual(mkfifo(fixtures.appendingPathComponent("counter.pipe.fixture.json").path, 0o600), 0)
    try FileManager.default.createDirectory(
      at: fixtures.appendingPathComponent("counter.folder.fixture.json"), withIntermediateDirectories: false)
    let target = try outside.write("secret.fixture.json", FixtureText.counter())
    try FileManager.default.createSymbolicLink(
      at: fixtures.appendingPathComponent("counter.link.fixture.json"), withDestinationURL: target)
    let corpus = try corpus(listing: ["counter", "counter.pipe", "counter.folder", "counter.link", "counter.last"])
    let refusals: [String: String] = [
      "counter.pipe":
        "fixtures/counter.pipe.fixture.json: is a named pipe, not a recording file, so it was not read. Remove it "
        + "and record the fixture with duet-verify record.",
      "counter.folder": FixtureLoadError.notAFile(file: "fixtures/counter.folder.fixture.json", kind: "a folder")
        .description,
      "counter.link": FixtureLoadError.outsideRepository(
        file: "fixtures/counter.link.fixture.json", target: target.path
      ).description,
    ]
    for jobs in [1, 2] {
      // A pipe opened for reading would block this test forever: the refusal comes first.
      let results = run(corpus, jobs: jobs)
      XCTAssertEqual(
        results.map(\.name).sorted(), corpus.manifest.listedFixtures.map(\.name).sorted(),
        "every recording has its one result (jobs \(jobs))")
      for (name, detail) in results {
        XCTAssertEqual(detail, refusals[name], "\(name), jobs \(jobs)")
      }
    }
  }

  func testWithOneRunnerRecordingsAreDispatchedInManifestOrderWhateverTheirSizes() throws {
    try repository.write("fixtures/counter.small.fixture.json", FixtureText.counter())
    try repository.write(
      "fixtures/counter.big.fixture.json", FixtureText.counter() + String(repeating: " ", count: 10_000))
    try repository.write(
      "fixtures/counter.medium.fixture.json", FixtureText.counter() + String(repeating: " ", count: 1_000))
    let corpus = try corpus(listing: ["counter.small", "counter.big", "counter.medium"])
    // One runner replays one recording after another: the order changes no finishing time, so
    // no file is looked at for its size before it is read.
    XCTAssertEqual(run(corpus, jobs: 1).map(\.name), ["counter.small", "counter.big", "counter.medium"])
  }
}
