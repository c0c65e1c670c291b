/// The terminal report of a run: lint problems, taxonomy findings, runner errors, one failure block
/// per failed recording (recordings that failed alike share one), then the counts line and the
/// verdict line.
enum HumanReport {
  /// The report's text; `quiet` keeps only problems, failures and the verdict.
  static func render(_ run: RunResult, style: TerminalStyle, quiet: Bool) -> String {
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
    for failure in run.runnerFailures {
      sections.append(style.red("✗") + " " + PrintableText.escaped(failure, keepingNewlines: true))
    }
    var notRun = 0
    var failed: [FixtureResult] = []
    for result in run.fixtures where result.failure != nil {
      if result.failure?.reason == .notRun {
        notRun += 1
        continue
      }
      failed.append(result)
    }
    // Alike failures read as one block (FailureGroup); each block ends with its compact diff.
    if run.lanes.isEmpty {
      for group in FailureGroup.groups(of: failed) {
        if let lines = FailureGroupBlock.lines(group, style: style, runFlags: run.runFlags) {
          sections.append(lines.joined(separator: "\n"))
        }
      }
    } else {
      sections += LaneBlocks.sections(run, style: style)
    }
    if notRun > 0 {
      sections.append(
        style.red("✗") + " \(notRun) \(notRun == 1 ? "recording was" : "recordings were") not replayed: no runner "
          + "could be started (see above).")
    }
    var text = sections.joined(separator: "\n\n")
    if !text.isEmpty { text += "\n\n" }
    if !quiet {
      text += (run.lanes.isEmpty ? SummaryLine.counts(run) : SummaryLine.laneCounts(run)) + "\n"
      let runners = run.lanes.isEmpty ? [run.runner].compactMap { $0 } : run.lanes.compactMap(\.runner)
      for runner in runners {
        text += Program.name + ": " + runner.summary + "\n"
      }
    }
    text += SummaryLine.verdict(verb: "verify", passed: run.passed, style: style) + "\n"
    return text
  }
}
