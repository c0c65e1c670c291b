/// A whole mutation drill: the results, the timings, the `--min-score` verdict. Renderers (terminal,
/// `--json` in the mutation-testing report schema, JUnit, annotations, HTML) read only this.
struct MutationRun: Sendable {
  var results: [MutantResult]
  /// `--min-score P` (percent), when given.
  var minScore: Int?
  /// Recordings the baseline replayed (all passed, or the drill would have stopped).
  var baselineRecordings: Int
  /// Wall times, in milliseconds: the one schematized build, the baseline replay, the whole run.
  var buildMillis: Int
  var baselineMillis: Int
  var totalMillis: Int
  /// The user's packages the scratch copy held, as shown (the runner package first, then the path
  /// dependencies copied because they hold reducers); empty when not known.
  var copiedPackages: [String] = []
  /// The command line of the run, which the `next:` line repeats; nil (no `next:` line) for a run
  /// rendered outside a command.
  var arguments: ParsedArguments? = nil
  /// Where the drill looked for mutants, so a run that made none can say where it looked (nil when
  /// not known).
  var searched: MutationSearch? = nil

  /// Which packages were copied and mutated, so a reader sees that the mutants went into copies
  /// (nil when not known, or when there was no mutant to build).
  var scratchLine: String? {
    guard !results.isEmpty, let runner = copiedPackages.first.map(ScratchPackage.spoken) else { return nil }
    let others = copiedPackages.dropFirst().map(ScratchPackage.spoken)
    let with =
      others.isEmpty
      ? ""
      : " and of its path \(others.count == 1 ? "dependency" : "dependencies") \(others.joined(separator: ", "))"
    return Program.prefix(Verb.mutate.rawValue) + "the mutants were built in a scratch copy of \(runner)\(with); "
      + "your packages were only read."
  }

  func count(_ status: MutantStatus) -> Int { results.filter { $0.status == status }.count }

  /// detected / (detected + survived + no coverage), in percent; nil with nothing to score (no
  /// mutant was made, or every one failed its own build): zero mutants prove nothing about the
  /// corpus, so they get no percentage rather than a 100% that reads like a strong corpus.
  var score: Double? {
    let detected = results.filter(\.status.detected).count
    let scored = detected + count(.survived) + count(.noCoverage)
    return scored == 0 ? nil : Double(detected) * 100 / Double(scored)
  }

  /// Nothing survived, or (with `--min-score`) the score reaches it. `--min-score` only lets
  /// survivors pass, never fails a run where nothing survived (strength.md), so a run that scored
  /// nothing passes; its verdict line says the gate was not met.
  var passed: Bool {
    if count(.survived) == 0 { return true }
    guard let minScore, let score else { return false }
    return score >= Double(minScore)
  }
}
