import DuetPlatform

/// One shard's `verify --shard K/N --json` report, as `merge` reads it back: the file it came
/// from, its share, and its lanes rebuilt as typed results, so the merged run renders through
/// the same reporters as any run.
struct ShardReport {
  /// The file, as the user named it.
  var file: String
  /// The report's summary.
  var summary: RunRecord
  /// Its share.
  var shard: Shard
  /// Its lanes: platform and results.
  var lanes: [LaneResult]

  /// Reads `file` (relative to `folder`).
  static func read(_ file: String, folder: URL) throws(MergeError) -> ShardReport {
    let url = URL(fileURLWithPath: file, relativeTo: folder)
    guard let data = try? Data(contentsOf: url) else { throw .unreadable(file: file) }
    guard let document = try? JSONDecoder().decode(JSONReport.Document.self, from: data) else {
      throw .notAReport(file: file)
    }
    let summary = document.summary
    guard let text = summary.shard, let shard = Shard.parse(text) else { throw .notSharded(file: file) }
    let lanes: [LaneResult]
    if let laned = document.lanes {
      lanes = laned.map { lane in
        LaneResult(
          platform: lane.platform, fixtures: lane.fixtures, runners: lane.summary.runners,
          runner: lane.summary.runner)
      }
    } else {
      lanes = [
        LaneResult(
          platform: summary.runner?.platform ?? Lane.unnamedPlatform, fixtures: document.fixtures ?? [],
          runners: summary.runners, runner: summary.runner)
      ]
    }
    return ShardReport(file: file, summary: summary, shard: shard, lanes: lanes)
  }

  /// Which runners answered, lane by lane (`swift: .build/debug/replay-runner`), to hold the
  /// shards of one gate to the same runners.
  var runners: String {
    if let laned = summary.lanes {
      return laned.map { "\($0.platform): \($0.runner?.path ?? "?")" }.joined(separator: ", ")
    }
    return "\(summary.runner?.platform ?? Lane.unnamedPlatform): \(summary.runner?.path ?? "?")"
  }

  /// True when the shard's own verdict was a pass.
  var passed: Bool { summary.verdict == .pass }
}
