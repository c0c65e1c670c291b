import Foundation

/// The closing lines of a human report: the counts line and the verdict line.
///
/// `duet-verify: 73/73 fixtures passed (312 steps, 2 runners) in 0.8s`, then
/// `duet-verify verify: PASS` (or `FAIL`) as the very last line, which CI logs and people scan for.
enum SummaryLine {
  /// The counts line.
  static func counts(_ run: RunResult) -> String {
    if run.fixtures.isEmpty, run.allowsEmpty, let shard = run.shard {
      return "\(Program.name): 0 recordings in this shard (\(shard)); the corpus was linted and its taxonomy checked"
    }
    let steps = run.stepsReplayed
    let seconds = String(format: "%.1f", Double(run.durationMillis) / 1000)
    return
      "\(Program.name): \(run.passedCount)/\(run.fixtures.count) fixtures passed (\(steps) \(steps == 1 ? "step" : "steps"), "
      + "\(run.runners) \(run.runners == 1 ? "runner" : "runners")) in \(seconds)s"
  }

  /// The verdict line.
  static func verdict(verb: String, passed: Bool, style: TerminalStyle = TerminalStyle(enabled: false))
    -> String
  {
    "\(Program.name) \(verb): " + (passed ? style.green("PASS") : style.red("FAIL"))
  }
}
