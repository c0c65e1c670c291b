import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.runs/verify/` written while `verify` runs: each recording's result is stored the moment it is
/// known, from whichever slot thread finished it, into a staging folder that replaces the old
/// `fixtures/` folder in one rename when the run ends.
///
/// So a reader (`explain`, an artifact upload) sees the previous run's reports until the new set
/// is complete, the folder never holds stale reports, and no report needs its own rename (which
/// costs a synchronous flush per file on ext4 when it replaces an older file). The first failure
/// to write is kept for the report: one message, not one per recording.
final class StreamedRunsFolder: @unchecked Sendable {
  let folder: RunsFolder
  private let stagingPath: String
  private let fixturesPath: String
  private let lock = NSLock()
  private var error: RunsFolderError?
  private var created = false

  init(_ folder: RunsFolder) {
    self.folder = folder
    fixturesPath = folder.fixturesPath
    stagingPath = folder.folder.path + "/.fixtures-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  /// Writes `result`'s report into the staging folder; after a first failure, stops trying.
  func write(_ result: FixtureResult) {
    let ready: Bool = lock.withLock {
      guard error == nil else { return false }
      if !created {
        do {
          try FileManager.default.createDirectory(atPath: stagingPath, withIntermediateDirectories: true)
          created = true
        } catch {
          self.error = folder.failure(error)
          return false
        }
      }
      return true
    }
    guard ready else { return }
    do {
      try AtomicFile.writeNew(try RunsFolder.pretty(result), toPath: stagingPath + "/" + result.name + ".json")
    } catch {
      lock.withLock { self.error = self.error ?? folder.failure(error) }
    }
  }

  /// Puts the staged reports in place of the old ones and writes the summary.
  func finish(_ run: RunResult) throws(RunsFolderError) {
    if let error = lock.withLock({ error }) {
      try? FileManager.default.removeItem(atPath: stagingPath)
      throw error
    }
    if !created {
      do {
        try FileManager.default.createDirectory(atPath: stagingPath, withIntermediateDirectories: true)
      } catch {
        throw folder.failure(error)
      }
    }
    guard FolderSwap.replace(fixturesPath, with: stagingPath) else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: stagingPath)
      throw RunsFolderError(
        description:
          "duet-verify: cannot put the run report in place at \(fixturesPath) (\(reason)). Check that the folder is "
          + "writable.")
    }
    try folder.writeSummary(run)
  }
}
