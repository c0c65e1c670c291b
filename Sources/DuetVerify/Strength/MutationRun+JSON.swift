import DuetPlatform

/// `mutate --json`: the run in the mutation-testing report schema (version 2) that Stryker,
/// PIT's report plugin and others write, so Stryker's HTML report (`mutation-testing-elements`)
/// and its dashboard read a drill's results without a converter. Recordings are the schema's
/// tests: a killed mutant's `killedBy` is the recording that failed, `coveredBy` the recordings
/// replayed with it active.
extension MutationRun {
  /// The report as one JSON object (keys sorted), with a final newline; `source` reads a mutated
  /// file's original text (the schema requires it; an unreadable file gets an empty one).
  func json(source: (String) -> String?) -> String {
    var files: [String: MutationReport.File] = [:]
    for result in results {
      let path = result.mutant.file
      if files[path] == nil {
        files[path] = MutationReport.File(language: "swift", source: source(path) ?? "", mutants: [])
      }
      files[path]?.mutants.append(MutationReport.Mutant(result))
    }
    let low = minScore.map { min(max($0, 0), 100) } ?? 60
    let report = MutationReport(
      schemaVersion: "2", thresholds: .init(high: max(low, 80), low: low), files: files, testFiles: testFiles,
      framework: .init(name: Program.name),
      performance: .init(
        setup: Double(buildMillis), initialRun: Double(baselineMillis),
        mutation: Double(max(0, totalMillis - buildMillis - baselineMillis))),
      config: .init(minScore: minScore, baselineRecordings: baselineRecordings))
    return StrengthJSON.object(report)
  }

  /// Every recording a mutant named, once, as the schema's test definitions: under its
  /// feature's scenario file when the mutant's results say which one, else under `""` (the
  /// schema's key for tests of no known file).
  var testFiles: [String: MutationReport.TestFile] {
    var files: [String: MutationReport.TestFile] = [:]
    var seen: Set<String> = []
    for result in results {
      let key = result.features.count == 1 && result.scenarios.count == 1 ? result.scenarios[0] : ""
      for name in result.recordings + (result.recording.map { [$0] } ?? []) where seen.insert(name).inserted {
        files[key, default: .init(tests: [])].tests.append(.init(id: name, name: name))
      }
    }
    return files
  }
}
