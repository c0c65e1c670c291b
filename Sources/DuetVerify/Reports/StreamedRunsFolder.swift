import DuetCore
import DuetPlatform

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
/// a second `verify` running at the same time stages in a fresh folder of its own,
/// `.runs/.verify-<pid>-<hex>`. Everything goes through ``SafeFolder``, so a link, a named pipe or
/// a hard link planted under `.runs/` is never followed, opened or written through. The first
/// failure to write is kept for the report.
///
/// A staging folder this run made is removed when a signal stops it (``ProcessStop``, the stop
/// waiting for the removal), and a fresh one a killed run left is removed by the next run
/// (``removeAbandoned(in:)``), so no run leaves one of its own behind.
final class StreamedRunsFolder: @unchecked Sendable {
  let folder: RunsFolder
  /// What was replaced or refused on the way (a link removed), for the verb to print.
  let notes = ReportNotes()
  private static let sharedStaging = ".verify-staging"
  /// The start of a fresh staging folder's name, `.verify-<pid>-<hex>`.
  private static let freshPrefix = ".verify-"
  private let lock = SystemLock()
  /// Held while the staging folder is made, put in place or removed: a stop's removal waits for
  /// the making or the exchange under way, so it is neither undone nor cut short.
  private let life = SystemLock()
  /// Whether this run made the staging folder (a fresh one; the shared one when it was missing).
  private var madeStaging = false
  /// Whether the staged report was put in place (the staging folder is then `.runs/verify`).
  private var exchanged = false
  /// Whether the staging folder was removed (or a stop came before it was made).
  private var removed = false
  /// The stop's removal of the staging folder (``ProcessStop/removingOnStop(_:)``).
  private var removal: Int?
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
    // Registered before anything is made, so a stop from here on removes whatever part exists.
    removal = ProcessStop.shared.removingOnStop { [weak self] in self?.removeStaging() }
    life.lock()
    defer { life.unlock() }
    do throws(ReportWriteError) {
      guard removal != nil, !removed else {
        removed = true
        throw ReportWriteError(path: ".runs/verify", code: EINTR, doing: .write)
      }
      let runs = try RunsRoot.open(folder.location, notes: notes)
      self.runs = runs
      Self.removeAbandoned(in: runs)
      if let descriptor = runs.tryLock(".verify.lock") {
        lockDescriptor = descriptor
        madeStaging = runs.kind(of: Self.sharedStaging) != S_IFDIR
        staging = try runs.folder(Self.sharedStaging)
      } else {
        madeStaging = true
        (stagingName, staging) = try runs.freshFolder(prefix: Self.freshPrefix)
      }
      fixtures = try staging?.folder("fixtures")
    } catch {
      self.error = error
    }
  }

  deinit {
    // A fresh staging folder whose report was never put in place is nobody's.
    if lockDescriptor < 0 { removeStaging() }
    if let removal { ProcessStop.shared.forget(removal) }
    if lockDescriptor >= 0 { _ = close(lockDescriptor) }
  }

  /// Removes the staging folder this run made, unless its report was put in place: only the report
  /// files in it, through the folder this run holds open (never a link, never a folder swapped in
  /// under its name), then the folder itself when nothing else is left. Once only; a second call
  /// waits until the first is done.
  private func removeStaging() {
    life.lock()
    defer { life.unlock() }
    removeStagingHoldingLife()
  }

  /// ``removeStaging()`` with `life` already held.
  private func removeStagingHoldingLife() {
    guard !removed else { return }
    removed = true
    guard madeStaging, !exchanged, let runs, let staging else { return }
    Self.discardReport(in: staging)
    runs.removeEmptyFolder(stagingName, ifItIs: staging)
  }

  /// Removes every fresh staging folder in `runs` that a run no longer running left (a `kill -9`
  /// gives a run no chance to remove its own): only one whose name, pid and lock say so
  /// (``SafeFolder/abandonedFolder(_:prefix:)``), or an older version's `.verify-<hex>` that is
  /// certainly dead (``olderLeftover(_:in:now:)``), never a live run's, and in it only report files.
  static func removeAbandoned(in runs: SafeFolder) {
    for name in runs.names() where name.hasPrefix(freshPrefix) {
      guard let abandoned = runs.abandonedFolder(name, prefix: freshPrefix) ?? olderLeftover(name, in: runs) else {
        continue
      }
      discardReport(in: abandoned)
      runs.removeEmptyFolder(name, ifItIs: abandoned)
    }
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
    life.lock()
    defer { life.unlock() }
    do {
      if let error = lock.withLock({ error }) { throw error }
      guard !removed, let runs, let staging, let fixtures else {
        throw ReportWriteError(path: ".runs", code: EINVAL, doing: .write)
      }
      // The staging folder may hold reports of recordings this run did not replay.
      fixtures.removeOwned(
        where: { $0.hasSuffix(".json") }, keeping: run.naming.namesLanes ? [] : Self.reportNames(run.fixtures))
      try finishLanes(run, in: staging)
      try staging.writeAtomically(
        bytes: try RunsResultWriter.summary(RunRecord(run, passed: passed), results: RunsSummary.outcomes(of: run)),
        to: "summary.json")
      // Files an older duet-verify kept inside the report folder, and temporaries of a killed run.
      staging.removeOwned(where: { $0 == ".staging.lock" || TemporaryName.isStray($0) })
      Self.discard(".fixtures-staging", in: staging)
      try runs.exchange("verify", with: stagingName)
      exchanged = true
      // A fresh staging folder's name now holds the previous report.
      if lockDescriptor < 0 { Self.discard(stagingName, in: runs, lanes: true) }
    } catch let error as ReportWriteError {
      if lockDescriptor < 0 { removeStagingHoldingLife() }
      throw RunsFolderError(error)
    } catch {
      throw RunsFolderError(ReportWriteError(path: ".runs/verify", code: EINVAL, doing: .write))
    }
  }

  /// Removes report folder `name` from `parent`: only the report files in it (by name; with
  /// `lanes`, its lanes' reports too), then the folder when nothing else is left; a link there is
  /// removed itself, never followed.
  static func discard(_ name: String, in parent: SafeFolder, lanes: Bool = false) {
    switch parent.kind(of: name) {
    case S_IFLNK?:
      _ = unlinkat(parent.descriptor, name, 0)
    case S_IFDIR?:
      guard let folder = parent.existingFolder(name) else { return }
      discardReport(in: folder, lanes: lanes)
      parent.removeEmptyFolder(name, ifItIs: folder)
    default:
      return
    }
  }

  /// Removes the report files in `folder`: `fixtures/`, the `.json` files, temporaries of a run
  /// that no longer runs, and with `lanes` the lanes' reports.
  static func discardReport(in folder: SafeFolder, lanes: Bool = true) {
    if lanes { discardLanes(in: folder) }
    discard("fixtures", in: folder)
    folder.removeOwned(where: { $0.hasSuffix(".json") || TemporaryName.isStray($0) })
  }
}
