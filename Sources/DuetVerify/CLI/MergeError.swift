/// Why `merge` cannot join the shard reports it was given; a usage error (exit 2). `merge` speaks
/// each case's `message`: which file, what is wrong, what to do.
enum MergeError: Diagnostic, Equatable, Sendable {
  /// No report was given.
  case noReports
  /// A file could not be read.
  case unreadable(file: String)
  /// A file is not a `verify --json` report.
  case notAReport(file: String)
  /// A report is of a run that was not one share.
  case notSharded(file: String)
  /// Two reports split the corpus into different numbers of shares.
  case differentCounts(file: String, count: Int, other: String, otherCount: Int)
  /// Two reports are of the same share.
  case overlap(shard: Shard, file: String, other: String)
  /// A recording is in two shares.
  case recordingTwice(name: String, file: String, other: String)
  /// Shares of the split have no report.
  case missing([Int], count: Int)
  /// Two reports ran different corpora.
  case differentCorpora(file: String, other: String)
  /// The `--manifest` given is not the corpus the shards ran.
  case otherManifest(manifest: String, file: String)
  /// Two reports ran different runners.
  case differentRunners(file: String, runners: String, other: String, otherRunners: String)

  var speaker: String? { "merge" }

  var message: String {
    let sharded = "verify \(Option.shard.spelled) \(Option.json.rawValue)"
    switch self {
    case .noReports:
      return "give the \(Option.json.rawValue) report of every shard (merge shard-1.json shard-2.json …)."
    case .unreadable(let file):
      return "cannot read \(file). Check the path, or that the shard's job uploaded its report."
    case .notAReport(let file):
      return "\(file) is not a \(Program.name) verify \(Option.json.rawValue) report. Give each shard's "
        + "\(sharded) output."
    case .notSharded(let file):
      return "\(file) is the report of a run that was not one share (no shard in its summary). "
        + "Run each shard as \(sharded)."
    case .differentCounts(let file, let count, let other, let otherCount):
      return "\(file) is one of \(count) shares but \(other) is one of \(otherCount). "
        + "Give the reports of one split."
    case .overlap(let shard, let file, let other):
      return "\(file) and \(other) are both shard \(shard). Give each share's report once."
    case .recordingTwice(let name, let file, let other):
      return "recording \(name) is in both \(file) and \(other), so the shares overlap. "
        + "Run every shard from the same manifest and \(Option.timings.rawValue) file."
    case .missing(let indices, let count):
      let list = indices.map { "\($0)/\(count)" }.joined(separator: ", ")
      return "the reports of shard\(indices.count == 1 ? "" : "s") \(list) are missing, so the run is "
        + "incomplete. Give every shard's report (check that each shard's job uploaded one)."
    case .differentCorpora(let file, let other):
      return "\(file) and \(other) ran different corpora (their corpus fingerprints differ). "
        + "Run every shard on the same commit."
    case .otherManifest(let manifest, let file):
      return "\(manifest) is not the corpus \(file) ran (the corpus fingerprints differ). "
        + "Give the manifest of the commit the shards ran, or leave out \(Option.manifest.rawValue)."
    case .differentRunners(let file, let runners, let other, let otherRunners):
      return
        "\(file) ran \(runners) but \(other) ran \(otherRunners). Run every shard with the same runners."
    }
  }

  /// Checks that `reports` are every share of one split, of one corpus, by the same runners.
  static func check(_ reports: [ShardReport]) throws(MergeError) {
    guard let first = reports.first else { throw .noReports }
    var byIndex: [Int: ShardReport] = [:]
    var owner: [String: String] = [:]
    var replayed: ShardReport?
    for report in reports {
      if report.shard.count != first.shard.count {
        throw .differentCounts(
          file: report.file, count: report.shard.count, other: first.file, otherCount: first.shard.count)
      }
      if let other = byIndex[report.shard.index] {
        throw .overlap(shard: report.shard, file: other.file, other: report.file)
      }
      byIndex[report.shard.index] = report
      if report.summary.corpus != first.summary.corpus { throw .differentCorpora(file: first.file, other: report.file) }
      // An empty share started no runner: there is nothing of it to compare.
      if let replayed, report.summary.fixtures > 0, report.runners != replayed.runners {
        throw .differentRunners(
          file: replayed.file, runners: replayed.runners, other: report.file, otherRunners: report.runners)
      }
      if replayed == nil, report.summary.fixtures > 0 { replayed = report }
      for name in report.summary.names {
        if let other = owner[name], other != report.file {
          throw .recordingTwice(name: name, file: other, other: report.file)
        }
        owner[name] = report.file
      }
    }
    let missing = (1...first.shard.count).filter { byIndex[$0] == nil }
    if !missing.isEmpty { throw .missing(missing, count: first.shard.count) }
  }
}
