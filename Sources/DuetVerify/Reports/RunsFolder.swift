import DuetCore
import DuetPlatform

/// `.runs/verify/` beside the fixtures: the machine report of the last `verify` (`summary.json`
/// with every recording's result, and `fixtures/<name>.json` for each failing recording), which
/// `explain` re-renders without replaying.
///
/// The folder is written by ``StreamedRunsFolder`` and put in place whole, in one rename, so it
/// always describes exactly one run. It is read through ``SafeFolder`` too: a link under `.runs/`
/// is never followed, and `.runs` being a link is refused (``RunsRoot/openForReading(_:)``).
struct RunsFolder: Sendable {
  /// The manifest it belongs to (`.runs/` is beside it).
  var location: ManifestLocation
  /// The report's folders below `.runs/`: `verify`, or `verify/lanes/<platform>` for one lane.
  var components = ["verify"]

  init(location: ManifestLocation) {
    self.location = location
  }

  /// `.runs/verify` (or the lane's folder), for sentences and tests.
  var folder: URL {
    components.reduce(location.runsFolder) { $0.appendingPathComponent($1, isDirectory: true) }
  }

  /// The report of lane `platform` of the last run (`lanes/<platform>/`), read as a run of its own.
  func lane(_ platform: String) -> RunsFolder {
    var lane = self
    lane.components += ["lanes", platform]
    return lane
  }

  /// Writes the run whole (when its results were not streamed); an error is a sentence naming the
  /// file.
  func write(_ run: RunResult) throws(RunsFolderError) {
    let streamed = StreamedRunsFolder(self)
    for lane in run.lanes {
      for result in lane.fixtures { streamed.write(result, lane: run.naming.tag(lane.platform)) }
    }
    try streamed.finish(run)
  }

  /// The report folder opened for reading: nil when there is none (or a link stands in its way);
  /// an error when `.runs` is not this repository's own (a link).
  func open() throws(ReportWriteError) -> SafeFolder? {
    guard var folder = try RunsRoot.openForReading(location) else { return nil }
    for component in components {
      // A lane's name comes from the summary, which a checkout can hold: one folder name, never a path.
      guard !component.contains("/"), component != ".", component != "..",
        let next = folder.existingFolder(component)
      else { return nil }
      folder = next
    }
    return folder
  }

  /// The last run's summary file, or nil when there is none. Its run's `names` are filled in from
  /// the results (the file leaves them out).
  func readReport() -> RunsSummary? {
    guard let folder = try? open(), var report = read(RunsSummary.self, from: folder, "summary.json") else {
      return nil
    }
    report.run.names = report.results.map(\.name)
    return report
  }

  /// The last run's summary, or nil when there is none.
  func readSummary() -> RunRecord? {
    readReport()?.run
  }

  /// The last run's full result for recording `name`: there is one only when it failed.
  func readFixture(_ name: String) -> FixtureResult? {
    guard NameRules.isFixtureName(name), let folder = try? open(), let fixtures = folder.existingFolder("fixtures")
    else { return nil }
    return read(FixtureResult.self, from: fixtures, name + ".json")
  }

  /// A report file is at most this long (a summary of a very large corpus included).
  static let readLimit = 256 << 20

  func read<T: Decodable>(_ type: T.Type, from folder: SafeFolder, _ name: String) -> T? {
    guard let bytes = folder.read(name, limit: Self.readLimit), let tree = try? JSONParser().parse(bytes) else {
      return nil
    }
    return try? CanonicalDecoder().decode(type, from: tree)
  }
}

/// The run report could not be written.
struct RunsFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  var description: String

  init(_ error: ReportWriteError) {
    description =
      Program.prefix() + "the run report (.runs/verify/) was not written: \(error.description)"
  }
}
