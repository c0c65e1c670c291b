import DuetPlatform

/// The outputs of a whole run (``RunResult``), as `verify` and `merge` both write them: the same
/// JUnit, page, timings file and stdout, whether the run was replayed here or joined from shards.
extension ReportOutputs {
  /// Writes the requested files of `run` — JUnit, the page (`features` its matrix rows, `taxonomy`
  /// its table) and the `--write-timings` file (`timings`) — and gives the verdict: `passed`, and
  /// every requested file written.
  func writeRun(
    _ run: RunResult, passed: Bool, features: [String], taxonomy: TaxonomyReport?, timings: RequestedFile?
  ) -> Bool {
    var passed = writeRequested(
      passed: passed,
      junit: { JUnitReport.render(VerifyTestSuites.suites(run), grouped: run.naming.namesLanes) },
      html: { HTMLReport.render(ParityPage(run: run, features: features, taxonomy: taxonomy)) })
    if let timings {
      passed =
        write(
          Timings(measured: run.fixtures.map { ($0.name, $0.durationMillis) }).rendered, to: timings, kind: "timings")
        && passed
    }
    return passed
  }

  /// The annotations and stdout of `run` (its JSON, or the human report styled as `options` and
  /// `environment` allow), each stating `passed`.
  func printRun(_ run: RunResult, passed: Bool, options: ParsedArguments, environment: [String: String]) {
    let style = TerminalStyle.decide(
      isTerminal: output.outputIsTerminal, environment: environment, noColorFlag: options.noColor)
    print(
      passed: passed, annotations: { GitHubAnnotations.lines(for: run) },
      json: { JSONReport.render(run, passed: $0) },
      human: { HumanReport.render(run, passed: $0, style: style, quiet: options.quiet) })
  }
}
