import DuetPlatform

/// The terminal report of `mutate`: a block per survivor (what to add to the corpus), a compact
/// line per mutant that was not reached, timed out, crashed the runner or did not build, the
/// `next:` command, then the score and the verdict. Killed mutants are counted, not listed: they
/// need nothing from anyone.
extension MutationRun {
  /// The report without source text: survivor blocks name no enclosing function or case.
  var human: String { human(source: { _ in nil }) }

  /// The report; `source` reads a file of the runner package by the path a ``Mutant`` carries,
  /// so each survivor block can name its enclosing function and `switch` case.
  func human(source: (String) -> String?) -> String {
    var text = ""
    var sources: [String: String?] = [:]
    for result in results where result.status == .survived {
      let file = result.mutant.file
      if sources[file] == nil { sources[file] = .some(source(file)) }
      text += MutantLines.survivorBlock(result, source: sources[file] ?? nil).joined(separator: "\n") + "\n"
    }
    for result in results {
      if let line = MutantLines.compact(result) { text += line + "\n" }
    }
    if let scratchLine { text += scratchLine + "\n" }
    if let nextLine { text += nextLine + "\n" }
    text += summaryLine + "\n"
    if let nothingScoredLine { text += nothingScoredLine + "\n" }
    return text + verdictLine + "\n"
  }

  /// Why a run has no score, where it looked and what to check, when no mutant was scored (none was
  /// made, or every one failed its own build); nil otherwise.
  var nothingScoredLine: String? {
    guard score == nil else { return nil }
    let prefix = Program.prefix(Verb.mutate.rawValue)
    guard results.isEmpty else {
      return prefix + "no mutant could be scored: every mutant's own build failed (a compile error is not scored), "
        + "so there is no score."
    }
    let modules = searched.map { $0.modules.isEmpty ? "" : $0.modules.joined(separator: ", ").printable }
    if let since = arguments?.values[.since]?.last {
      // The usual surprise: a commit that only strengthens a scenario changes no reducer line.
      let places = modules.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
      return prefix + "no mutants, so there is no score: no line of the reducer modules changed since "
        + "\(since.printable)\(places) (a change to a scenario, the manifest or a recording makes no mutant). To see "
        + "whether new steps kill earlier survivors, run the drill without \(Option.since.rawValue)."
    }
    if arguments?.tableOnly == true {
      return prefix + "no mutants, so there is no score: \(Option.tableOnly.rawValue) runs only Duet's table "
        + "(parity/mutations.json, or mutations.json beside the manifest), and there is none or it has no row for a "
        + "Swift file."
    }
    let check =
      "check the features' `swift:` paths in the manifest (the `Sources/<Module>/` folder holding each is "
      + "what is mutated)\(arguments?.features.isEmpty == false ? " and \(Option.feature.rawValue)" : "")."
    guard let searched, let modules else { return prefix + "no mutants were made, so there is no score." }
    if modules.isEmpty {
      return prefix + "no mutants, so there is no score: the selected features name no `swift:` file, so no reducer "
        + "module was searched; " + check
    }
    if searched.files == 0 {
      return prefix + "no mutants, so there is no score: \(modules) hold no Swift file to mutate (scenario files "
        + "and files declaring a scenario or a chain are left out); " + check
    }
    return prefix + "no mutants, so there is no score: nothing was mutated in \(modules) (\(searched.files) "
      + "\(searched.files == 1 ? "file" : "files"): no operator applies to their code); " + check
  }

  /// `next: duet-verify mutate --feature counter`: the drill again on the features whose
  /// survivors the blocks above name (on the run's own scope when a survivor has none), with the
  /// run's options but its report files, so once a step is added it shows whether the survivor
  /// is now killed. Nil when nothing survived or the run's arguments are not known.
  var nextLine: String? {
    guard let arguments else { return nil }
    let survivors = results.filter { $0.status == .survived }
    guard !survivors.isEmpty else { return nil }
    let features = survivors.flatMap { $0.features.isEmpty ? [nil] : $0.features.map { Optional($0) } }
    return NextHint.againLine(arguments, features: features)
  }

  /// How many verdicts came from `.runs/mutate/cache.json` instead of a replay, when any did: so
  /// a run that took no time says why, and the reader knows how to judge them afresh. Said on
  /// standard error, so it reaches the reader under `--json` too.
  var cacheLine: String? {
    let cached = results.filter(\.cached).count
    guard cached > 0 else { return nil }
    return Program.prefix(Verb.mutate.rawValue) + "\(cached) of \(results.count) mutants were taken from the cache "
      + "(.runs/mutate/cache.json: unchanged since an earlier run); --no-cache judges them again"
  }

  /// The score shown: rounded down, so a run that falls short of `--min-score` by a fraction
  /// never reads as reaching it, and 100% means nothing was missed; nil with nothing scored.
  var shownScore: Int? { score.map { Int($0.rounded(.down)) } }

  /// `duet-verify: mutation score 87% (41 killed, 2 timeout, 5 survived, 1 no coverage) in 48s`.
  /// Killed and survived are always counted; the other statuses only when some mutant has them.
  var summaryLine: String {
    var counts = ["\(count(.killed)) killed"]
    for (status, noun) in [(MutantStatus.timeout, "timeout"), (.runtimeError, "runtime error")] where count(status) > 0
    {
      counts.append("\(count(status)) \(noun)")
    }
    counts.append("\(count(.survived)) survived")
    for (status, noun) in [(MutantStatus.noCoverage, "no coverage"), (.compileError, "compile error")]
    where count(status) > 0 {
      counts.append("\(count(status)) \(noun)")
    }
    let score = shownScore.map { "mutation score \($0)%" } ?? "no mutation score"
    return "\(Program.name): \(score) (\(counts.joined(separator: ", "))) in " + Self.duration(totalMillis)
  }

  /// `duet-verify mutate: PASS`, or with `--min-score` the threshold beside it; with nothing
  /// scored, why the verdict says nothing about the corpus (or cannot meet the threshold).
  var verdictLine: String {
    let verdict = passed ? "PASS" : "FAIL"
    guard let shownScore, let score else {
      guard let minScore else {
        return Program.prefix(Verb.mutate.rawValue) + "\(verdict) (no mutant was scored: this says nothing about "
          + "the corpus)"
      }
      return Program.prefix(Verb.mutate.rawValue)
        + "\(verdict) (nothing survived, but no mutant was scored, so \(Option.minScore.rawValue) \(minScore)% "
        + "cannot be met: zero mutants say nothing about the corpus)"
    }
    guard let minScore else { return Program.prefix(Verb.mutate.rawValue) + "\(verdict)" }
    if score >= Double(minScore) {
      return Program.prefix(Verb.mutate.rawValue)
        + "\(verdict) (score \(shownScore)% reaches \(Option.minScore.rawValue) \(minScore)%)"
    }
    // Nothing survived yet the score is short: mutants no recording reaches pulled it down.
    let nothingSurvived = count(.survived) == 0 ? "nothing survived, though " : ""
    return
      Program.prefix(Verb.mutate.rawValue)
      + "\(verdict) (\(nothingSurvived)score \(shownScore)% is below \(Option.minScore.rawValue) \(minScore)%)"
  }

  /// `48s` from ten seconds on, `4.2s` below, whole seconds rounded down.
  static func duration(_ millis: Int) -> String {
    millis >= 10_000 ? "\(millis / 1000)s" : "\(millis / 1000).\((millis % 1000) / 100)s"
  }
}
