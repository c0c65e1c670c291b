/// The report in CI's forms: a JUnit suite (one case per feature, failing only when the run is
/// below `--min-lines` and so is the feature) and GitHub annotations (a notice at each unreached
/// region, so a pull request shows the code no recording reaches beside the diff).
extension CoverageReport {
  /// One suite, `duet-verify coverage`.
  var testSuites: [TestSuite] {
    let cases = groups.map { group -> TestSuite.Case in
      let name = group.feature ?? "shared code of \(group.module)"
      var failure: TestSuite.Case.Failure?
      if let minLines, !passed, group.lines.percent < Double(minLines) {
        let lines = group.files.flatMap { file in
          file.unreached.map { Self.line($0, file: file.path, module: group.module) }
        }
        failure = TestSuite.Case.Failure(
          message: "lines \(group.lines.shown) is below --min-lines \(minLines)%", type: "coverage",
          text: lines.joined(separator: "\n"))
      }
      return TestSuite.Case(
        classname: "\(Program.name).coverage", name: name, file: group.module, durationMillis: nil, failure: failure)
    }
    return [TestSuite(name: "\(Program.name) coverage", durationMillis: totalMillis, cases: cases)]
  }

  /// `::notice file=…,line=…,col=…,endLine=…,title=not reached::…` for every unreached region.
  var annotations: [String] {
    groups.flatMap { group in
      group.files.flatMap { file in
        file.unreached.map { region in
          let properties = [
            "file=" + GitHubAnnotations.escapeProperty(file.path.printable), "line=\(region.line)",
            "col=\(region.column)", "endLine=\(region.endLine)", "title=not reached by any recording",
          ]
          return "::notice " + properties.joined(separator: ",") + "::"
            + GitHubAnnotations.escapeData(
              PrintableText.escaped(Self.line(region, file: file.path, module: group.module), keepingNewlines: false))
        }
      }
    }
  }
}
