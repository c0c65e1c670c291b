import DuetCore
import Foundation

/// `.runs/verify/` beside the fixtures: the machine report of the last `verify` (one JSON per
/// recording plus `summary.json`), which `explain` re-renders without replaying.
///
/// Each file is written atomically; files of recordings not in this run are removed afterwards, so
/// the folder always describes exactly the last run.
public struct RunsFolder: Sendable {
  /// `.runs/verify`.
  public var folder: URL

  public init(location: ManifestLocation) {
    folder = location.runsFolder.appendingPathComponent("verify", isDirectory: true)
  }

  var fixturesFolder: URL { folder.appendingPathComponent("fixtures", isDirectory: true) }
  var summaryFile: URL { folder.appendingPathComponent("summary.json") }
  var fixturesPath: String { fixturesFolder.path }

  /// Writes the run; an error is a sentence naming the folder.
  public func write(_ run: RunResult) throws(RunsFolderError) {
    for result in run.fixtures { try write(fixture: result) }
    try finish(run)
  }

  /// Writes one recording's result as soon as it is known (`verify` streams them, so a large
  /// corpus's results never need to be held whole).
  public func write(fixture result: FixtureResult) throws(RunsFolderError) {
    try write(fixture: result, inFolder: fixturesPath)
  }

  /// ``write(fixture:)`` into `folder`, the fixtures folder's path computed once by the caller.
  func write(fixture result: FixtureResult, inFolder folder: String) throws(RunsFolderError) {
    do {
      try AtomicFile.write(try Self.pretty(result), toPath: folder + "/" + result.name + ".json")
    } catch {
      throw failure(error)
    }
  }

  /// Writes the summary and removes the files of recordings that are not part of `run`.
  public func finish(_ run: RunResult) throws(RunsFolderError) {
    let kept = Set(run.fixtures.map { $0.name + ".json" })
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)) ?? []
    for stale in existing where stale.hasSuffix(".json") && !kept.contains(stale) {
      try? FileManager.default.removeItem(at: fixturesFolder.appendingPathComponent(stale))
    }
    try writeSummary(run)
  }

  /// Writes `summary.json` for `run`.
  func writeSummary(_ run: RunResult) throws(RunsFolderError) {
    do {
      try AtomicFile.write(try Self.pretty(RunRecord(run)), to: summaryFile)
    } catch {
      throw failure(error)
    }
  }

  func failure(_ error: any Error) -> RunsFolderError {
    RunsFolderError(
      description:
        "duet-verify: cannot write the run report to \(folder.path) (\(error)). Check that the folder is writable.")
  }

  /// The last run's summary, or nil when there is none.
  public func readSummary() -> RunRecord? {
    read(RunRecord.self, from: summaryFile)
  }

  /// The last run's result for recording `name`.
  public func readFixture(_ name: String) -> FixtureResult? {
    guard NameRules.isFixtureName(name) else { return nil }
    return read(FixtureResult.self, from: fixturesFolder.appendingPathComponent(name + ".json"))
  }

  func read<T: Decodable>(_ type: T.Type, from url: URL) -> T? {
    guard let data = FileManager.default.contents(atPath: url.path),
      let tree = try? JSONParser().parse([UInt8](data))
    else { return nil }
    return try? CanonicalDecoder().decode(type, from: tree)
  }

  static func pretty<T: Encodable>(_ value: T) throws -> String {
    try CanonicalEncoder().pretty(value)
  }
}

/// The run report could not be written.
public struct RunsFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String
}
