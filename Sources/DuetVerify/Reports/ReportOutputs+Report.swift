/// The outputs of a verb whose whole report is one value (`coverage`, `mutate`).
extension ReportOutputs {
  /// The requested JUnit and HTML files, `json` kept in `.runs/<verb>/summary.json`, the
  /// annotations (under GitHub Actions), then `json` or the terminal report; the exit code, which
  /// fails the run when a requested file was not written. Each renderer runs only when its output
  /// is asked for.
  func writeReport(
    _ verb: Verb, passed: Bool, testSuites: () -> [TestSuite], html: @escaping () -> String, json: String,
    annotations: () -> [String], human: () -> String
  ) -> ExitCode {
    let written = writeRequested(passed: true, junit: { JUnitReport.render(testSuites(), grouped: false) }, html: html)
    keepInRuns(json, folder: verb.rawValue)
    print(passed: passed && written, annotations: annotations, json: { _ in json }, human: { _ in human() })
    return passed && written ? .passed : .failed
  }
}
