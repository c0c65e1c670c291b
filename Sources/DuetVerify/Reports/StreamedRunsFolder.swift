import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.runs/verify/` written while `verify` runs: each recording's result is stored the moment it is
/// known, from whichever slot thread finished it, into a staging folder that replaces `fixtures/`
/// in one rename when the run ends.
///
/// So a reader (`explain`, an artifact upload) sees the previous run's reports until the new set
/// is complete, and the folder never holds stale reports. The staging folder is kept between runs
/// (it holds the run before last) and its files are overwritten in place: creating and deleting
/// tens of thousands of files per run is what costs (ext4 searches past recently deleted inodes,
/// and replacing a file by rename or truncation forces a flush). A second `verify` running at the
/// same time stages privately instead. The first failure to write is kept for the report.
final class StreamedRunsFolder: @unchecked Sendable {
  let folder: RunsFolder
  private let stagingPath: String
  private let fixturesPath: String
  private let shared: Bool
  private var lockDescriptor: Int32 = -1
  private let lock = NSLock()
  private var error: RunsFolderError?
  private var created = false

  init(_ folder: RunsFolder) {
    self.folder = folder
    fixturesPath = folder.fixturesPath
    let runs = folder.folder.path
    try? FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
    let descriptor = open(runs + "/.staging.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      lockDescriptor = descriptor
      shared = true
      stagingPath = runs + "/.fixtures-staging"
    } else {
      if descriptor >= 0 { _ = close(descriptor) }
      shared = false
      stagingPath = runs + "/.fixtures-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
  }

  deinit {
    if lockDescriptor >= 0 { _ = close(lockDescriptor) }
  }

  /// Writes `result`'s report into the staging folder; after a first failure, stops trying.
  func write(_ result: FixtureResult) {
    guard prepared() else { return }
    do {
      try AtomicFile.overwrite(try RunsFolder.pretty(result), toPath: stagingPath + "/" + result.name + ".json")
    } catch {
      lock.withLock { self.error = self.error ?? folder.failure(error) }
    }
  }

  private func prepared() -> Bool {
    lock.withLock {
      guard error == nil else { return false }
      if !created {
        do {
          try FileManager.default.createDirectory(atPath: stagingPath, withIntermediateDirectories: true)
          created = true
        } catch {
          self.error = folder.failure(error)
        }
      }
      return created
    }
  }

  /// Puts the staged reports in place of the old ones and writes the summary.
  func finish(_ run: RunResult) throws(RunsFolderError) {
    _ = prepared()
    if let error = lock.withLock({ error }) {
      if !shared { try? FileManager.default.removeItem(atPath: stagingPath) }
      throw error
    }
    // The staging folder may hold reports of recordings this run did not replay.
    let kept = Set(run.fixtures.map { $0.name + ".json" })
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: stagingPath)) ?? [] where !kept.contains(stale) {
      _ = unlink(stagingPath + "/" + stale)
    }
    guard FolderSwap.exchange(fixturesPath, with: stagingPath, keepOld: shared) else {
      let reason = String(cString: strerror(errno))
      if !shared { try? FileManager.default.removeItem(atPath: stagingPath) }
      throw RunsFolderError(
        description:
          "duet-verify: cannot put the run report in place at \(fixturesPath) (\(reason)). Check that the folder is "
          + "writable.")
    }
    try folder.writeSummary(run)
  }
}
