import Foundation

/// `duet-verify merge SHARD.json…`: joins the `--json` reports of every shard of one sharded
/// `verify` into the report of the whole run — summary, JUnit, HTML, JSON — so a CI matrix ends
/// with one verdict and one page.
///
/// Reads as read → check (``MergeError/check(_:)``: every share once, one corpus, one set of
/// runners) → join (lanes by platform, results in share order; lint and taxonomy, which every
/// shard computed over the whole corpus, from the first share) → outputs (``ReportOutputs``).
/// The verdict fails when any shard failed.
enum MergeCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    var reports: [ShardReport] = []
    do throws(MergeError) {
      for file in options.operands { reports.append(try ShardReport.read(file, folder: context.folder)) }
      try MergeError.check(reports)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
    reports.sort { $0.shard.index < $1.shard.index }
    let run = join(reports)
    for report in reports {
      for line in report.summary.runnerFailures { output.diagnostic("\(report.file): " + line) }
    }
    let outputs = ReportOutputs(options, context: context, speaker: "\(Program.name) merge")
    var passed = outputs.writeRequested(
      passed: run.passed && reports.allSatisfy(\.passed),
      junit: { JUnitReport.render(VerifyTestSuites.suites(run), grouped: run.naming.namesLanes) },
      html: { HTMLReport.render(ParityPage(run: run, features: features(run), taxonomy: nil)) })
    if let path = options.writeTimings {
      let url = URL(fileURLWithPath: path, relativeTo: context.folder)
      passed = outputs.write(Timings(results: run.fixtures).rendered, to: url, kind: "timings") && passed
    }
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: context.environment, noColorFlag: options.noColor)
    outputs.print(
      passed: passed, annotations: { GitHubAnnotations.lines(for: run) },
      json: { JSONReport.render(run, passed: $0) },
      human: { HumanReport.render(run, passed: $0, style: style, quiet: options.quiet) })
    return passed ? .passed : .failed
  }

  /// The whole run: each platform's lane with every share's results, in share order.
  static func join(_ reports: [ShardReport]) -> RunResult {
    var lanes: [LaneResult] = []
    for report in reports {
      for lane in report.lanes where !lane.fixtures.isEmpty || lane.runner != nil {
        guard let at = lanes.firstIndex(where: { $0.platform == lane.platform }) else {
          lanes.append(lane)
          continue
        }
        lanes[at].fixtures += lane.fixtures
        lanes[at].runners += lane.runners
      }
    }
    let first = reports[0].summary
    let findings = first.taxonomy.map { record in
      TaxonomyFinding(
        severity: record.severity == "error" ? .error : .warning, message: record.message, fixture: record.fixture,
        step: record.step, path: record.path, manifestLine: record.manifestLine, rule: nil)
    }
    return RunResult(
      lanes: lanes, lintProblems: first.lint.map(\.problem), taxonomyFindings: findings,
      durationMillis: reports.map(\.summary.durationMillis).max() ?? 0)
  }

  /// The features the page's matrix groups by, as the results name them (in first-seen order).
  static func features(_ run: RunResult) -> [String] {
    var seen: Set<String> = []
    return run.fixtures.compactMap(\.feature).filter { seen.insert($0).inserted }
  }
}
