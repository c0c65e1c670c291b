import DuetPlatform

/// The closing lines of a human report: the counts line and the verdict line.
///
/// `duet-verify: 73/73 fixtures passed (312 steps, 2 runners) in 0.8s`, then
/// `duet-verify verify: PASS` (or `FAIL`) as the very last line, which CI logs and people scan for.
enum SummaryLine {
  /// The counts line; with several lanes, each lane's counts:
  /// `duet-verify: 49/49 fixtures passed on swift, 48/49 on kotlin (612 steps, 4 runners) in 1.2s`.
  static func counts(_ run: RunResult) -> String {
    if run.fixtureCount == 0, run.allowsEmpty, let shard = run.shard {
      return Program.prefix() + "0 recordings in this shard (\(shard)); the corpus was linted and its taxonomy checked"
    }
    let steps = run.stepsReplayed
    let seconds = SecondsText.of(millis: run.durationMillis, places: 1)
    let naming = run.naming
    let lanes =
      naming.namesLanes
      ? run.lanes.enumerated().map { index, lane in
        "\(lane.passedCount)/\(lane.fixtures.count) \(index == 0 ? "fixtures passed " : "")on \(lane.platform.printable)"
      } : ["\(run.passedCount)/\(run.fixtureCount) fixtures passed"]
    let share = run.shardSource.map { source in run.shard.map { "; shard \($0) \(source)" } ?? "; \(source)" } ?? ""
    return
      Program.prefix() + lanes.joined(separator: ", ") + " (\(steps) \(steps == 1 ? "step" : "steps"), "
      + "\(run.runners) \(run.runners == 1 ? "runner" : "runners")) in \(seconds)s" + share
  }

  /// The verdict line.
  static func verdict(verb: String, passed: Bool, style: TerminalStyle = TerminalStyle(enabled: false))
    -> String
  {
    Program.prefix(verb) + (passed ? style.green("PASS") : style.red("FAIL"))
  }
}
