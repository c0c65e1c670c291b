/// The terminal report of a run: lint problems, taxonomy findings, runner errors, then each lane's
/// failure blocks (recordings that failed alike share one; with several lanes each block names
/// its lane), the parity breaks, then the counts line and the verdict line.
enum HumanReport {
  /// The report's text; `quiet` keeps only problems, failures and the verdict. `passed` is the
  /// run's verdict, decided before anything renders (a report the user asked for that could not
  /// be written fails a run whose recordings passed).
  static func render(_ run: RunResult, passed: Bool, style: TerminalStyle, quiet: Bool) -> String {
    var sections: [String] = []
    if !run.lintProblems.isEmpty {
      sections.append(
        run.lintProblems.map { style.red("✗") + " " + $0.description.printableLines }.joined(separator: "\n"))
    }
    let findings = run.taxonomyFindings.filter { !quiet || $0.severity == .error }
    if !findings.isEmpty {
      sections.append(
        findings.map { finding in
          finding.severity == .error
            ? style.red("✗") + " taxonomy: " + finding.message.printableLines
            : style.yellow("!") + " taxonomy: " + finding.message.printableLines
        }.joined(separator: "\n"))
    }
    for failure in run.runnerFailureLines {
      sections.append(style.red("✗") + " " + PrintableText.escaped(failure, keepingNewlines: true))
    }
    var notRun = 0
    for lane in run.lanes {
      var failed: [FixtureResult] = []
      // `passed`, not `failure != nil`: the getter copied each result's failure to compare it.
      for result in lane.fixtures where !result.passed {
        if result.failure?.reason == .notRun {
          notRun += 1
          continue
        }
        failed.append(result)
      }
      sections += blocks(failed, lane: lane, in: run, style: style)
    }
    let breaks = run.parityBreaks
    if !breaks.isEmpty {
      sections.append(breaks.map { ParityBreakLine.render($0, style: style) }.joined(separator: "\n"))
    }
    if notRun > 0 {
      sections.append(
        style.red("✗") + " \(notRun) \(notRun == 1 ? "recording was" : "recordings were") not replayed: no runner "
          + "could be started (see above).")
    }
    var text = sections.joined(separator: "\n\n")
    if !text.isEmpty { text += "\n\n" }
    if !quiet {
      text += SummaryLine.counts(run) + "\n"
      for runner in run.lanes.compactMap(\.runner) {
        text += Program.prefix() + runner.summary + "\n"
      }
    }
    text += SummaryLine.verdict(verb: "verify", passed: passed, style: style) + "\n"
    return text
  }

  /// One lane's failure blocks: alike failures read as one block (FailureGroup), each ending with
  /// its compact diff; the header names the lane when lanes are named
  /// (`✗ [kotlin] fixture 'counter' …`), and `next:` reproduces that lane.
  static func blocks(_ failed: [FixtureResult], lane: LaneResult, in run: RunResult, style: TerminalStyle)
    -> [String]
  {
    let arguments = run.arguments(reproducing: lane)
    let tag = run.naming.tag(lane.platform)
    let mark = style.red("✗")
    return FailureGroup.groups(of: failed).compactMap { group in
      guard var lines = FailureGroupBlock.lines(group, style: style, arguments: arguments) else { return nil }
      if let tag, lines[0].hasPrefix(mark) {
        lines[0] = mark + " [\(tag.printable)]" + lines[0].dropFirst(mark.count)
      }
      return lines.joined(separator: "\n")
    }
  }
}
