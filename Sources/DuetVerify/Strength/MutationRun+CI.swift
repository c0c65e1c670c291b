/// The drill in CI's forms: a JUnit suite with one case per mutant (a survivor's case fails with
/// its block, so a CI test tab lists exactly what the corpus misses; every other mutant passes,
/// its status in its name) and a GitHub `::warning` at each survivor's line, so a pull request
/// shows the unpinned change beside the diff.
extension MutationRun {
  /// One suite, `duet-verify mutate`. Survivors fail even when `--min-score` lets the run pass:
  /// the cases are findings, the verdict is the exit code's.
  var testSuites: [TestSuite] {
    let cases = results.map { result -> TestSuite.Case in
      let mutant = result.mutant
      let name =
        "mutant \(mutant.id) \(mutant.mutationOperator.rawValue) at \(mutant.file):\(mutant.start.line):"
        + "\(mutant.start.column) (\(result.status.rawValue))"
      var failure: TestSuite.Case.Failure?
      if result.status == .survived {
        failure = TestSuite.Case.Failure(
          message: "\(MutantLines.location(mutant)): mutant \(mutant.id.printable) survived: "
            + MutantLines.change(mutant),
          type: "survived", text: MutantLines.survivorBlock(result, source: nil).joined(separator: "\n"))
      }
      let feature = result.features.first.map { "." + $0 } ?? ""
      return TestSuite.Case(
        classname: "\(Program.name).mutate\(feature)", name: name, file: mutant.file, durationMillis: result.millis,
        failure: failure)
    }
    return [TestSuite(name: "\(Program.name) mutate", durationMillis: totalMillis, cases: cases)]
  }

  /// `::warning file=…,line=…,col=…,title=mutant survived::…` for every survivor: the change,
  /// the diff, the recordings that missed it and the step to add.
  var annotations: [String] {
    results.filter { $0.status == .survived }.map { result in
      let mutant = result.mutant
      let properties = [
        "file=" + GitHubAnnotations.escapeProperty(mutant.file.printable), "line=\(mutant.start.line)",
        "col=\(mutant.start.column)", "title=mutant survived",
      ]
      let message =
        ["mutant \(mutant.id.printable) (\(mutant.mutationOperator.rawValue)) \(MutantLines.change(mutant)) survived"]
        + MutantLines.diff(mutant) + [MutantLines.missed(result), MutantLines.advice(result)]
      return "::warning " + properties.joined(separator: ",") + "::"
        + GitHubAnnotations.escapeData(message.joined(separator: "\n"))
    }
  }
}
