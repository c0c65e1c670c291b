import DuetCore
import Foundation

/// `.runs/verify/` beside the fixtures: the machine report of the last `verify` (one JSON per
/// recording plus `summary.json`), which `explain` re-renders without replaying.
///
/// The folder is written by ``StreamedRunsFolder`` and put in place whole, in one rename, so it
/// always describes exactly one run.
struct RunsFolder: Sendable {
  /// `.runs/verify`.
  var folder: URL
  /// The manifest it belongs to (`.runs/` is beside it).
  var location: ManifestLocation

  init(location: ManifestLocation) {
    self.location = location
    folder = location.runsFolder.appendingPathComponent("verify", isDirectory: true)
  }

  /// The report of lane `platform` of the last run (`lanes/<platform>/`), read as a run of its own.
  func lane(_ platform: String) -> RunsFolder {
    var lane = self
    lane.folder = folder.appendingPathComponent("lanes", isDirectory: true).appendingPathComponent(
      platform, isDirectory: true)
    return lane
  }

  var fixturesFolder: URL { folder.appendingPathComponent("fixtures", isDirectory: true) }
  var summaryFile: URL { folder.appendingPathComponent("summary.json") }

  /// Writes the run whole (when its results were not streamed); an error is a sentence naming the
  /// file.
  func write(_ run: RunResult) throws(RunsFolderError) {
    let streamed = StreamedRunsFolder(self)
    for lane in run.lanes {
      for result in lane.fixtures { streamed.write(result, lane: run.naming.tag(lane.platform)) }
    }
    try streamed.finish(run)
  }

  /// The last run's summary, or nil when there is none.
  func readSummary() -> RunRecord? {
    read(RunRecord.self, from: summaryFile)
  }

  /// The last run's result for recording `name`.
  func readFixture(_ name: String) -> FixtureResult? {
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
struct RunsFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  var description: String

  init(_ error: ReportWriteError) {
    description =
      "\(Program.name): the run report (.runs/verify/) was not written: \(error.description)"
  }
}
