import XCTest

@testable import DuetVerify

/// The terminal report of `mutate`: a block per survivor, a line per other unkilled mutant, the
/// score and the verdict.
final class MutationHumanReportTests: XCTestCase {
  typealias Fixtures = MutationRunFixtures

  func testASurvivorBlockNamesPlaceOperatorDiffRecordingsAndTheScenarioToExtend() {
    let run = Fixtures.run([Fixtures.survivor])
    let text = run.human { $0 == Fixtures.file ? Fixtures.source : nil }
    XCTAssertEqual(
      text,
      """
      Sources/Logic/Counter.swift:4:19: mutant 1 survived: RelationalBoundary `<` → `<=` in func counterReducer, \
      case .renamed(let name)
        - if name.count < 40 {
        + if name.count <= 40 {
        feature counter: recordings counter-basic, counter-rename ran this code and missed the change
        add a step to Sources/Logic/CounterScenarios.swift that lands exactly on the boundary, where `<` and `<=` \
      disagree
      duet-verify: mutation score 0% (0 killed, 1 survived) in 4.2s
      duet-verify mutate: FAIL

      """)
  }

  func testWithoutTheSourceTheBlockNamesNoEnclosingScope() {
    let text = Fixtures.run([Fixtures.survivor]).human
    XCTAssertTrue(
      text.hasPrefix("Sources/Logic/Counter.swift:4:19: mutant 1 survived: RelationalBoundary `<` → `<=`\n"), text)
  }

  func testTheSummaryReadsLikeTheSpecAndRoundsTheScoreDown() {
    // 43 detected of 49 scored is 87.76%: shown as 87%, never rounded up past the real score.
    let run = Fixtures.specRun
    XCTAssertEqual(
      run.summaryLine, "duet-verify: mutation score 87% (41 killed, 2 timeout, 5 survived, 1 no coverage) in 48s")
    XCTAssertTrue(run.human.hasSuffix(run.summaryLine + "\nduet-verify mutate: FAIL\n"), run.human)
  }

  func testKilledAndSurvivedAreAlwaysCountedOtherStatusesOnlyWhenPresent() {
    let run = Fixtures.run([
      Fixtures.result(.killed, id: "1"), Fixtures.result(.runtimeError, id: "2"),
      Fixtures.result(.compileError, id: "3"),
    ])
    XCTAssertEqual(
      run.summaryLine,
      "duet-verify: mutation score 100% (1 killed, 1 runtime error, 0 survived, 1 compile error) in 4.2s")
    XCTAssertEqual(run.verdictLine, "duet-verify mutate: PASS")
  }

  func testAScoreJustBelowTheMinimumFailsAndSaysTheThreshold() {
    // 199 detected of 200 is 99.5%: shown 99%, below --min-score 100.
    var results = (0..<199).map { Fixtures.result(.killed, id: "k\($0)") }
    results.append(Fixtures.survivor)
    let failing = Fixtures.run(results, minScore: 100)
    XCTAssertEqual(failing.verdictLine, "duet-verify mutate: FAIL (score 99% is below --min-score 100%)")
    let passing = Fixtures.run(results, minScore: 99)
    XCTAssertEqual(passing.verdictLine, "duet-verify mutate: PASS (score 99% reaches --min-score 99%)")
  }

  func testARunWithNoSurvivorPassesBelowTheMinimumAndSaysWhy() {
    // Mutants no recording reaches lower the score, but only a survivor fails the run.
    let run = Fixtures.run([Fixtures.result(.killed, id: "1"), Fixtures.result(.noCoverage, id: "2")], minScore: 80)
    XCTAssertEqual(
      run.verdictLine, "duet-verify mutate: PASS (nothing survived, though score 50% is below --min-score 80%)")
  }

  /// Zero mutants prove nothing: no percentage (a 100% would read as a strong corpus), a verdict
  /// that says so, and where the drill looked.
  func testARunWithNoMutantsHasNoScoreSaysWhereItLookedAndPassesWithAVerdictThatSaysSo() throws {
    var run = Fixtures.run([])
    run.searched = MutationSearch(modules: ["Sources/Logic"], files: 2)
    run.arguments = try ParsedArguments.read(["--feature", "counter"][...], for: .mutate)
    XCTAssertNil(run.score)
    XCTAssertTrue(run.passed, "nothing survived and no --min-score was asked for")
    XCTAssertEqual(
      run.human,
      """
      duet-verify: no mutation score (0 killed, 0 survived) in 4.2s
      duet-verify mutate: no mutants, so there is no score: nothing was mutated in Sources/Logic (2 files: no \
      operator applies to their code); check the features' `swift:` paths in the manifest (the `Sources/<Module>/` \
      folder holding each is what is mutated) and --feature.
      duet-verify mutate: PASS (no mutant was scored: this says nothing about the corpus)

      """)
    XCTAssertFalse(run.human.contains("%"), run.human)
  }

  /// `--min-score` only ever lets survivors pass (the spec: exit 0 when nothing survived), so zero
  /// mutants pass with it too, and the verdict says the gate was not met rather than claiming it.
  func testAMinScoreGateCannotBeMetByZeroMutantsAndTheVerdictSaysSo() {
    let run = Fixtures.run([], minScore: 80)
    XCTAssertTrue(run.passed)
    XCTAssertEqual(
      run.verdictLine,
      "duet-verify mutate: PASS (nothing survived, but no mutant was scored, so --min-score 80% cannot be met: "
        + "zero mutants say nothing about the corpus)")
    XCTAssertFalse(run.verdictLine.contains("reaches"), run.verdictLine)
  }

  func testARunWhoseEveryMutantFailedItsOwnBuildHasNoScoreEither() {
    let run = Fixtures.run([Fixtures.result(.compileError, id: "1")], minScore: 50)
    XCTAssertNil(run.score)
    XCTAssertEqual(run.summaryLine, "duet-verify: no mutation score (0 killed, 0 survived, 1 compile error) in 4.2s")
    XCTAssertEqual(
      run.nothingScoredLine,
      "duet-verify mutate: no mutant could be scored: every mutant's own build failed (a compile error is not "
        + "scored), so there is no score.")
    XCTAssertTrue(run.verdictLine.contains("cannot be met"), run.verdictLine)
  }

  func testNoMutantsSaysWhenTheSelectedFeaturesNameNoModuleOrTheModulesHoldNoFile() {
    var run = Fixtures.run([])
    run.searched = MutationSearch(modules: [], files: 0)
    XCTAssertEqual(
      run.nothingScoredLine,
      "duet-verify mutate: no mutants, so there is no score: the selected features name no `swift:` file, so no "
        + "reducer module was searched; check the features' `swift:` paths in the manifest (the `Sources/<Module>/` "
        + "folder holding each is what is mutated).")
    run.searched = MutationSearch(modules: ["Sources/A", "Sources/B"], files: 0)
    XCTAssertEqual(
      run.nothingScoredLine,
      "duet-verify mutate: no mutants, so there is no score: Sources/A, Sources/B hold no Swift file to mutate "
        + "(scenario files and files declaring a scenario or a chain are left out); check the features' `swift:` "
        + "paths in the manifest (the `Sources/<Module>/` folder holding each is what is mutated).")
  }

  func testATableOnlyRunWithNoSwiftRowSaysTheTableHasNone() throws {
    var run = Fixtures.run([])
    run.searched = MutationSearch(modules: ["Sources/Logic"], files: 0)
    run.arguments = try ParsedArguments.read(["--table-only"][...], for: .mutate)
    XCTAssertEqual(
      run.nothingScoredLine,
      "duet-verify mutate: no mutants, so there is no score: --table-only runs only Duet's table "
        + "(parity/mutations.json, or mutations.json beside the manifest), and there is none or it has no row for a "
        + "Swift file.")
  }

  func testARunSinceARevisionWithNoMutantsSaysNoReducerLineChangedAndToDropSince() throws {
    var run = Fixtures.run([])
    run.searched = MutationSearch(modules: ["Sources/Logic"], files: 2)
    run.arguments = try ParsedArguments.read(["--since", "HEAD~1"][...], for: .mutate)
    XCTAssertEqual(
      run.human,
      """
      duet-verify: no mutation score (0 killed, 0 survived) in 4.2s
      duet-verify mutate: no mutants, so there is no score: no line of the reducer modules changed since HEAD~1 \
      (Sources/Logic) (a change to a scenario, the manifest or a recording makes no mutant). To see whether new steps \
      kill earlier survivors, run the drill without --since.
      duet-verify mutate: PASS (no mutant was scored: this says nothing about the corpus)

      """)
  }

  func testNoCoverageTimeoutAndCompileErrorAreOneLineEachAndKilledAreNotListed() {
    var timeout = Fixtures.result(.timeout, id: "2", line: 9)
    timeout.recording = "counter-basic"
    var broken = Fixtures.result(.compileError, id: "3")
    broken.detail = "error: cannot convert value"
    let text = Fixtures.run([
      Fixtures.result(.killed, id: "0"), Fixtures.result(.noCoverage, id: "1"), timeout, broken,
    ]).human
    XCTAssertEqual(
      text.split(separator: "\n").prefix(3).joined(separator: "\n"),
      """
      Sources/Logic/Counter.swift:9:17: mutant 1 not covered: CompoundAssignment `+=` → `-=`; no recording reaches \
      it, so it was not run
      Sources/Logic/Counter.swift:9:17: mutant 2 timed out: CompoundAssignment `+=` → `-=` on recording \
      counter-basic (counted as detected)
      Sources/Logic/Counter.swift:9:17: mutant 3 did not build: CompoundAssignment `+=` → `-=` (not scored): error: \
      cannot convert value
      """)
    XCTAssertFalse(text.contains("mutant 0"), text)
  }

  func testAHostileFileNameOrRecordingCannotBreakATerminalLine() {
    let text = Fixtures.run([Fixtures.hostile]).human
    XCTAssertFalse(text.contains("\u{1B}"), text)
    // The block is its five lines, the summary and the verdict: the newline in the name is escaped.
    XCTAssertEqual(text.split(separator: "\n").count, 7, text)
  }

  func testVerdictsTakenFromTheCacheAreCountedInALineOfTheirOwn() {
    var cached = Fixtures.result(.killed, id: "2")
    cached.cached = true
    XCTAssertEqual(
      Fixtures.run([Fixtures.survivor, cached, Fixtures.result(.killed, id: "3")]).cacheLine,
      "duet-verify mutate: 1 of 3 mutants were taken from the cache (.runs/mutate/cache.json: unchanged since an "
        + "earlier run); --no-cache judges them again")
    XCTAssertNil(Fixtures.run([Fixtures.survivor]).cacheLine)
  }

  func testASurvivorReachedByManyRecordingsNamesAFewAndCountsTheRest() {
    var survivor = Fixtures.survivor
    survivor.features = (1...8).map { "feature\($0)" }
    survivor.recordings = (1...49).map { "recording\($0)" }
    survivor.scenarios = (1...8).map { "Scenarios/S\($0).swift" }
    let lines = MutantLines.survivorBlock(survivor, source: nil)
    XCTAssertTrue(
      lines.contains(
        "  features feature1, feature2, feature3 and 5 more features: recordings recording1, recording2, "
          + "recording3 and 46 more recordings ran this code and missed the change"), lines.joined(separator: "\n"))
    XCTAssertTrue(
      lines.contains {
        $0.hasPrefix(
          "  add a step to Scenarios/S1.swift or Scenarios/S2.swift or Scenarios/S3.swift or 5 more scenarios that ")
      },
      lines.joined(separator: "\n"))
  }

  func testAChangedStoredPropertyDefaultAdvisesAFreshValueNotAnotherWayThroughACondition() {
    var mutant = Fixtures.mutant(
      "7", .booleanLiteral, line: 15, column: 20, "false", "true", originalLine: "  var isFinished = false",
      mutatedLine: "  var isFinished = true")
    mutant.siteKind = .storedPropertyDefault
    let result = MutantResult(
      mutant: mutant, status: .survived, features: ["onboarding"], recordings: ["onboarding.skips"],
      scenarios: ["Scenarios/Onboarding.swift"], millis: 3)
    let advice = MutantLines.advice(result)
    XCTAssertTrue(advice.contains("makes a fresh value of this type"), advice)
    XCTAssertFalse(advice.contains("other way through this condition"), advice)
    XCTAssertTrue(MutantLines.advice(Fixtures.result(.survived, id: "9")).contains("value computed here"))
  }

  func testTheAdviceFollowsThePlannersSiteKindNotTheLooksOfTheLine() {
    // A local `var` in a reducer reads like a stored default; the planner knows it is code.
    var result = Fixtures.result(.survived, id: "8")
    (result.mutant.mutationOperator, result.mutant.original, result.mutant.replacement) = (.integerLiteral, "0", "1")
    result.mutant.originalLine = "    var count = 0"
    result.mutant.siteKind = .code
    XCTAssertTrue(
      MutantLines.advice(result).hasSuffix(
        "that checks the value computed here (`0` and `1` give different numbers)"),
      MutantLines.advice(result))
    result.mutant.siteKind = .storedPropertyDefault
    XCTAssertTrue(MutantLines.advice(result).contains("makes a fresh value of this type"))
  }

  func testTheCopiedPackagesLineNamesTheRepositoryRootInWordsNotAsADot() {
    var run = Fixtures.run([Fixtures.survivor])
    run.copiedPackages = ["."]
    XCTAssertEqual(
      run.scratchLine,
      "duet-verify mutate: the mutants were built in a scratch copy of the repository root; your packages were only read."
    )
    run.copiedPackages = ["Examples/foyer-runner", "."]
    XCTAssertEqual(
      run.scratchLine,
      "duet-verify mutate: the mutants were built in a scratch copy of Examples/foyer-runner and of its path "
        + "dependency the repository root; your packages were only read.")
  }

  func testARunWithNoMutantClaimsNoBuiltMutants() {
    var run = Fixtures.run([])
    run.copiedPackages = ["."]
    XCTAssertNil(run.scratchLine)
    XCTAssertFalse(run.human.contains("were built"), run.human)
  }
}
