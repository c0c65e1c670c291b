import DuetCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.runs/verify/` written while `verify` runs: a failing recording's result is stored the moment
/// it is known, from whichever slot thread finished it, into a staging folder laid out as the
/// report is (`fixtures/<name>.json`); at the end the summary (every recording's result) is added
/// and the staging folder and `.runs/verify` change places in one atomic exchange. A passing
/// recording costs no file: its result is in the summary.
///
/// So a reader (`explain`, an artifact upload) sees the previous run's report until the new one is
/// complete, and two runs at the same time never leave a mixed report: each swaps in a whole one
/// (its summary with its recordings), and the last to finish wins. The shared staging folder
/// (`.runs/.verify-staging`, held under a lock) keeps the run before last, whose files are reused;
/// a second `verify` running at the same time stages in a fresh folder of its own. Everything goes
/// through ``SafeFolder``, so a link, a named pipe or a hard link planted under `.runs/` is never
/// followed, opened or written through. The first failure to write is kept for the report.
final class StreamedRunsFolder: @unchecked Sendable {
  let folder: RunsFolder
  /// What was replaced or refused on the way (a link removed), for the verb to print.
  let notes = ReportNotes()
  private static let sharedStaging = ".verify-staging"
  private let lock = SystemLock()
  private var runs: SafeFolder?
  private var stagingName = sharedStaging
  private var staging: SafeFolder?
  private var fixtures: SafeFolder?
  /// `lanes/<platform>/fixtures` of a run with several lanes, opened on first use.
  private var laneFixtures: [String: SafeFolder] = [:]
  private var lockDescriptor: Int32 = -1
  private var error: ReportWriteError?

  init(_ folder: RunsFolder) {
    self.folder = folder
    do {
      let runs = try RunsRoot.open(folder.location, notes: notes)
      self.runs = runs
      if let descriptor = runs.tryLock(".verify.lock") {
        lockDescriptor = descriptor
        staging = try runs.folder(Self.sharedStaging)
      } else {
        (stagingName, staging) = try runs.freshFolder(prefix: ".verify-")
      }
      fixtures = try staging?.folder("fixtures")
    } catch {
      self.error = error
    }
  }

  deinit {
    if lockDescriptor >= 0 { _ = close(lockDescriptor) }
  }

  /// Writes a failing `result`'s report into the staging folder (a lane's results under
  /// `lanes/<platform>/`, so lanes never overwrite each other); a passing one has none. After a
  /// first failure to write, stops trying.
  func write(_ result: FixtureResult, lane: String? = nil) {
    guard !result.passed,
      let fixtures = lock.withLock({ error == nil ? (lane.map(laneFolder) ?? self.fixtures) : nil })
    else { return }
    do {
      try fixtures.overwrite(bytes: try RunsResultWriter.failure(result), to: result.name + ".json")
    } catch let failure as ReportWriteError {
      lock.withLock { error = error ?? failure }
    } catch {
      lock.withLock {
        self.error =
          self.error ?? ReportWriteError(path: fixtures.show(result.name + ".json"), code: EINVAL, doing: .write)
      }
    }
  }

  /// The report files a run's results leave: one per failing recording.
  static func reportNames(_ results: [FixtureResult]) -> Set<String> {
    var names = Set<String>()
    for index in results.indices where !results[index].passed { names.insert(results[index].name + ".json") }
    return names
  }

  /// `lanes/<platform>/fixtures` in the staging folder (call under the lock); nil after a failure.
  private func laneFolder(_ platform: String) -> SafeFolder? {
    if let open = laneFixtures[platform] { return open }
    do {
      guard let staging else { return nil }
      let folder = try staging.folder("lanes").folder(platform).folder("fixtures")
      laneFixtures[platform] = folder
      return folder
    } catch {
      self.error = error
      return nil
    }
  }

  /// Each lane's own report beside the run's: `lanes/<platform>/summary.json` over its
  /// `fixtures/`; lanes of an earlier run that this one did not have are removed.
  private func finishLanes(_ run: RunResult, in staging: SafeFolder) throws(ReportWriteError) {
    guard run.naming.namesLanes else {
      Self.discardLanes(in: staging)
      return
    }
    let lanes = try staging.folder("lanes")
    let platforms = Set(run.lanes.map(\.platform))
    for name in lanes.names() where !platforms.contains(name) { Self.discard(name, in: lanes) }
    for lane in run.lanes {
      let folder = try lanes.folder(lane.platform)
      let fixtures: SafeFolder
      if let opened = lock.withLock({ laneFixtures[lane.platform] }) {
        fixtures = opened
      } else {
        fixtures = try folder.folder("fixtures")
      }
      fixtures.removeOwned(where: { $0.hasSuffix(".json") }, keeping: Self.reportNames(lane.fixtures))
      let record = RunRecord(lane: lane, of: run)
      do {
        let summary = try RunsResultWriter.summary(record, results: lane.fixtures.map(RecordingOutcome.init))
        try folder.writeAtomically(bytes: summary, to: "summary.json")
      } catch let error as ReportWriteError {
        throw error
      } catch {
        throw ReportWriteError(path: folder.show("summary.json"), code: EINVAL, doing: .write)
      }
    }
  }

  /// Removes `lanes/` and the lane reports in it (a run with one runner has none).
  static func discardLanes(in staging: SafeFolder) {
    if staging.kind(of: "lanes") == S_IFLNK { _ = unlinkat(staging.descriptor, "lanes", 0) }
    guard staging.kind(of: "lanes") == S_IFDIR, let lanes = try? staging.folder("lanes", replacing: false) else {
      return
    }
    for name in lanes.names() { discard(name, in: lanes) }
    staging.removeEmptyFolder("lanes")
  }

  /// Puts the staged report in place of the old one, whole; its summary states `passed` (the
  /// run's verdict, when a report it asked for failed it).
  func finish(_ run: RunResult, passed: Bool? = nil) throws(RunsFolderError) {
    do {
      if let error = lock.withLock({ error }) { throw error }
      guard let runs, let staging, let fixtures else {
        throw ReportWriteError(path: ".runs", code: EINVAL, doing: .write)
      }
      // The staging folder may hold reports of recordings this run did not replay.
      fixtures.removeOwned(
        where: { $0.hasSuffix(".json") }, keeping: run.naming.namesLanes ? [] : Self.reportNames(run.fixtures))
      try finishLanes(run, in: staging)
      try staging.writeAtomically(
        bytes: try RunsResultWriter.summary(RunRecord(run, passed: passed), results: RunsSummary.outcomes(of: run)),
        to: "summary.json")
      // Files an older duet-verify kept inside the report folder.
      staging.removeOwned(where: { $0 == ".staging.lock" })
      Self.discard(".fixtures-staging", in: staging)
      try runs.exchange("verify", with: stagingName)
      if lockDescriptor < 0 { Self.discard(stagingName, in: runs) }
    } catch let error as ReportWriteError {
      if lockDescriptor < 0, let runs { Self.discard(stagingName, in: runs) }
      throw RunsFolderError(error)
    } catch {
      throw RunsFolderError(ReportWriteError(path: ".runs/verify", code: EINVAL, doing: .write))
    }
  }

  /// Removes report folder `name` from `parent`: only the report files in it (by name), then the
  /// folder when nothing else is left; a link there is removed itself, never followed.
  static func discard(_ name: String, in parent: SafeFolder) {
    switch parent.kind(of: name) {
    case S_IFLNK?:
      _ = unlinkat(parent.descriptor, name, 0)
    case S_IFDIR?:
      guard let folder = try? parent.folder(name, replacing: false) else { return }
      discard("fixtures", in: folder)
      folder.removeOwned(where: { $0.hasSuffix(".json") })
      parent.removeEmptyFolder(name)
    default:
      return
    }
  }
}
