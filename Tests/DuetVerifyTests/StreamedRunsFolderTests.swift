import DuetCore
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.runs/verify/` written during a run: reports appear together at the end, stale ones vanish,
/// a passing recording leaves no file (its result is in the summary), and reused files never keep
/// a tail of an older, longer report.
final class StreamedRunsFolderTests: XCTestCase {
  let long = FixtureResult(
    name: "counter", kind: .leaf, feature: "counter", file: "fixtures/counter.fixture.json", stepCount: 2,
    steps: [StepResult(index: 0, passed: true), StepResult(index: 1, passed: false)],
    failure: FixtureFailure(
      reason: .stateDiverged, step: 1, label: String(repeating: "a long label ", count: 40),
      divergence: Divergence(path: "expectedState.count", expected: "1", actual: "2"), action: "{}"))
  let short = FixtureResult(name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", stepCount: 1)
  let shortFailure = FixtureResult(
    name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", stepCount: 1,
    failure: FixtureFailure(reason: .runnerFault, detail: "gone"))

  /// A failing result whose report has the same length whatever `step` (one digit).
  func failure(at step: Int) -> FixtureResult {
    FixtureResult(
      name: "counter", kind: .leaf, file: "fixtures/counter.fixture.json", stepCount: 2,
      failure: FixtureFailure(reason: .stateDiverged, step: step))
  }
  let lamp = FixtureResult(name: "lamp", kind: .leaf, file: "fixtures/lamp.fixture.json", stepCount: 1)

  func stream(_ results: [FixtureResult], into runs: RunsFolder) throws {
    let streamed = StreamedRunsFolder(runs)
    for result in results { streamed.write(result) }
    try streamed.finish(RunResult(fixtures: results, runners: 1))
  }

  func testReportsOfTheRunReplaceThoseOfThePreviousOneAndStaleOnesVanish() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([long, lamp], into: runs)
    XCTAssertEqual(runs.readFixture("counter"), long)
    XCTAssertNil(runs.readFixture("lamp"), "a passing recording has no file of its own")
    XCTAssertEqual(runs.readReport()?.outcome(of: "lamp"), RecordingOutcome(lamp))
    try stream([short], into: runs)
    XCTAssertNil(runs.readFixture("counter"), "the failure of the run before is gone")
    XCTAssertEqual(runs.readSummary()?.names, ["counter"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: runs.folder.path + "/fixtures"), [])
  }

  func testAReusedReportFileIsCutToItsNewLength() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([long], into: runs)
    try stream([long], into: runs)
    try stream([shortFailure], into: runs)  // written over the first run's (longer) file
    XCTAssertEqual(runs.readFixture("counter"), shortFailure)
  }

  func testAReusedReportFileOfTheSameSizeIsWrittenOverExactly() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([failure(at: 1)], into: runs)
    try stream([failure(at: 1)], into: runs)
    let first = try Data(contentsOf: runs.folder.appendingPathComponent("fixtures/counter.json"))
    try stream([failure(at: 2)], into: runs)  // over the first run's file, which has the same length
    let second = try Data(contentsOf: runs.folder.appendingPathComponent("fixtures/counter.json"))
    XCTAssertEqual(first.count, second.count, "the two reports must be the same size for this test to mean anything")
    XCTAssertEqual(runs.readFixture("counter"), failure(at: 2))
  }

  func testAReusedReportFileShorterThanTheNewReportIsWrittenOverWhole() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([shortFailure], into: runs)
    try stream([shortFailure], into: runs)
    try stream([long], into: runs)  // over the first run's (shorter) file
    XCTAssertEqual(runs.readFixture("counter"), long)
    try stream([shortFailure], into: runs)  // and the longer file is cut again
    XCTAssertEqual(runs.readFixture("counter"), shortFailure)
  }

  func testASecondRunAtTheSameTimeStagesPrivatelyAndLeavesNothingBehind() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    let first = StreamedRunsFolder(runs)
    let second = StreamedRunsFolder(runs)
    first.write(long)
    second.write(short)
    try second.finish(RunResult(fixtures: [short], runners: 1))
    try first.finish(RunResult(fixtures: [long], runners: 1))
    XCTAssertEqual(runs.readFixture("counter"), long)
    let report = try FileManager.default.contentsOfDirectory(atPath: runs.folder.path).sorted()
    XCTAssertEqual(report, ["fixtures", "summary.json"])
    let entries = try FileManager.default.contentsOfDirectory(atPath: runs.folder.deletingLastPathComponent().path)
    XCTAssertEqual(entries.sorted(), [".gitignore", ".verify-staging", ".verify.lock", "verify"])
  }

  /// Takes `.runs/.verify.lock` as another `verify` would, so the next run stages in a fresh
  /// folder; closing the descriptor lets it go.
  func holdLock(_ runs: RunsFolder) throws -> Int32 {
    try FileManager.default.createDirectory(
      at: runs.folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(runs.folder.deletingLastPathComponent().path + "/.verify.lock", O_RDWR | O_CREAT, 0o644)
    XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0)
    return descriptor
  }

  /// What `.runs/` holds beside the report.
  func entries(_ runs: RunsFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: runs.folder.deletingLastPathComponent().path).sorted()
  }

  func testAStopRemovesTheStagingOfARunNotFinishedAndLeavesAFinishedRunsReportWhole() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    let stopped = StreamedRunsFolder(runs)  // holds the lock and makes .verify-staging
    let finished = StreamedRunsFolder(runs)  // stages in .verify-<pid>-<hex>
    stopped.write(shortFailure)
    finished.write(long)
    try finished.finish(RunResult(fixtures: [long], runners: 1))
    XCTAssertEqual(try entries(runs), [".gitignore", ".verify-staging", ".verify.lock", "verify"])
    ProcessStop.shared.removeWhatTheRunMade()
    XCTAssertEqual(
      try entries(runs), [".gitignore", ".verify.lock", "verify"],
      "the stopped run's staging folder (it made it) is gone, the report in place is not")
    XCTAssertEqual(runs.readFixture("counter"), long)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: runs.folder.path).sorted(), ["fixtures", "summary.json"])
    XCTAssertThrowsError(
      try stopped.finish(RunResult(fixtures: [shortFailure], runners: 1)), "a stopped run puts nothing in place")
    XCTAssertEqual(runs.readFixture("counter"), long)
  }

  func testAStopBeforeTheEndRemovesAFreshStagingFolderAndKeepsTheReportBefore() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([long], into: runs)
    let lock = try holdLock(runs)
    defer { close(lock) }
    let stopped = StreamedRunsFolder(runs)
    stopped.write(shortFailure)
    XCTAssertEqual(try entries(runs).filter { $0.hasPrefix(".verify-") }.count, 1, "it stages in a fresh folder")
    ProcessStop.shared.removeWhatTheRunMade()
    XCTAssertEqual(try entries(runs), [".gitignore", ".verify.lock", "verify"])
    XCTAssertThrowsError(try stopped.finish(RunResult(fixtures: [shortFailure], runners: 1)))
    XCTAssertEqual(runs.readFixture("counter"), long)
  }

  /// The stop's removal and the run's own end, at the same time: whichever comes first, the
  /// other waits, so `.runs/verify` is one whole report (the run's, or the one before) and no
  /// staging folder is left. A removal that did not wait could empty the staging folder while its
  /// summary was written, or remove it while it was being put in place.
  func testAStopDuringTheEndLeavesOneWholeReportAndNoStagingFolder() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    let before = (0..<50).map { failed("before\($0)") }
    try stream(before, into: runs)
    let lock = try holdLock(runs)
    defer { close(lock) }
    var outcomes: [String: Int] = [:]
    for round in 0..<30 {
      let results = (0..<200).map { failed("r\($0)") }
      let streamed = StreamedRunsFolder(runs)
      for result in results { streamed.write(result) }
      let done = DispatchSemaphore(value: 0)
      let end = Thread {
        try? streamed.finish(RunResult(fixtures: results, runners: 1))
        done.signal()
      }
      end.start()
      if round.isMultiple(of: 2) { usleep(UInt32(round * 100)) }
      ProcessStop.shared.removeWhatTheRunMade()
      done.wait()
      XCTAssertEqual(try entries(runs), [".gitignore", ".verify.lock", "verify"], "round \(round)")
      let names = runs.readSummary()?.names ?? []
      let reports = try FileManager.default.contentsOfDirectory(atPath: runs.folder.path + "/fixtures")
      XCTAssertEqual(reports.sorted(), names.map { $0 + ".json" }.sorted(), "round \(round): a mixed report")
      outcomes[names.first == "r0" ? "finished" : "stopped", default: 0] += 1
      if names.first == "r0" { try stream(before, into: runs) }
    }
    XCTAssertEqual(outcomes.values.reduce(0, +), 30, "\(outcomes)")
  }

  /// A failing result named `name`.
  func failed(_ name: String) -> FixtureResult {
    FixtureResult(
      name: name, kind: .leaf, file: "fixtures/\(name).fixture.json", stepCount: 1,
      failure: FixtureFailure(reason: .runnerFault, detail: "gone"))
  }

  func testALaneNameFromTheSummaryNeverLeadsOutOfTheReport() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([long], into: runs)
    try FileManager.default.createDirectory(
      at: runs.folder.appendingPathComponent("lanes"), withIntermediateDirectories: true)
    let elsewhere = folder.url.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: runs.folder.appendingPathComponent("summary.json"), to: elsewhere.appendingPathComponent("summary.json"))
    XCTAssertNotNil(runs.readSummary())
    XCTAssertNil(runs.lane("../../../elsewhere").readSummary(), "a lane name is one folder name, never a path")
  }

  /// An older duet-verify staged a run that lost the lock in `.runs/.verify-<hex>` (no pid, no
  /// lock), and a killed one left it forever. The next run removes such a folder only when it is
  /// certainly one of those and certainly dead: that exact name, a real folder, nothing but report
  /// files in it, unlocked, and unchanged for a day. Anything else of the kind is left whole, and a
  /// link is never followed.
  func testAnOlderVersionsStagingLeftoverIsRemovedOnlyWhenCertainlyOursAndDead() throws {
    let folder = try TemporaryFolder()
    let runs = RunsFolder(location: folder.manifestLocation)
    try stream([lamp], into: runs)
    let root = folder.manifestLocation.runsFolder
    let outside = try TemporaryFolder()
    let report = "{}\n"
    let planted: [String: String] = [
      // An older version's leftover: removed.
      ".verify-1a2b3c4d/summary.json": report, ".verify-1a2b3c4d/fixtures/counter.json": report,
      ".verify-1a2b3c4d/lanes/kotlin/summary.json": report,
      ".verify-1a2b3c4d/lanes/kotlin/fixtures/counter.json": report,
      ".verify-0/fixtures/lamp.json": report,
      // Kept: written within the day; a file not ours inside; locked by a process; not the exact name.
      ".verify-abc/summary.json": report, ".verify-cafe/summary.json": report, ".verify-cafe/notes.txt": "mine\n",
      ".verify-beef/fixtures/counter.json": report, ".verify-1A2B/summary.json": report,
      ".verify-123456789/summary.json": report, ".verify-fade/fixtures/counter.txt": report,
    ]
    for (path, text) in planted {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try Data(report.utf8).write(to: root.appendingPathComponent(".verify-feed"))
    try Data(report.utf8).write(to: outside.url.appendingPathComponent("summary.json"))
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(".verify-dead").path, withDestinationPath: outside.url.path)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".verify-face/fixtures"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(".verify-face/fixtures/counter.json").path,
      withDestinationPath: outside.url.appendingPathComponent("summary.json").path)
    let twoDaysAgo = time(nil) - 2 * 24 * 60 * 60
    for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where name != ".verify-abc" {
      Self.age(root.appendingPathComponent(name), to: twoDaysAgo)
    }
    Self.age(outside.url, to: twoDaysAgo)
    let locked = open(root.appendingPathComponent(".verify-beef").path, O_RDONLY | O_DIRECTORY)
    XCTAssertEqual(flock(locked, LOCK_EX | LOCK_NB), 0)
    defer { close(locked) }
    let outsideBefore = FileTree.snapshot(outside.url)

    try stream([lamp], into: runs)

    let left = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
      $0.hasPrefix(".verify-") && $0 != ".verify-staging" && $0 != ".verify.lock"
    }
    XCTAssertEqual(
      left.sorted(),
      [
        ".verify-123456789", ".verify-1A2B", ".verify-abc", ".verify-beef", ".verify-cafe", ".verify-dead",
        ".verify-face", ".verify-fade", ".verify-feed",
      ])
    XCTAssertEqual(
      try String(contentsOf: root.appendingPathComponent(".verify-cafe/summary.json"), encoding: .utf8), report)
    XCTAssertEqual(FileTree.snapshot(outside.url), outsideBefore, "nothing was removed through a link")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent(".verify-dead").path),
      outside.url.path)
    XCTAssertTrue(StreamedRunsFolder.isOlderStagingName(".verify-1a2b3c4d"))
    XCTAssertFalse(StreamedRunsFolder.isOlderStagingName(".verify-staging"))
    XCTAssertFalse(StreamedRunsFolder.isOlderStagingName(".verify-12-ab"), "a current run's name is not an older one")
  }

  /// Sets the modification time of `url` and of everything under it (links themselves, never what
  /// they lead to) to `seconds`, children first.
  static func age(_ url: URL, to seconds: time_t) {
    var isFolder: ObjCBool = false
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if attributes?[.type] as? FileAttributeType != .typeSymbolicLink,
      FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue
    {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
        age(url.appendingPathComponent(name), to: seconds)
      }
    }
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    _ = utimensat(AT_FDCWD, url.path, &times, AT_SYMLINK_NOFOLLOW)
  }
}
