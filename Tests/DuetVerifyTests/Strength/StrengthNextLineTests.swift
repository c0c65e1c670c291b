import XCTest

@testable import DuetVerify

/// The `next:` line of `mutate` and `coverage`: the verb again on the features whose findings the
/// report lists, rendered from the run's parsed options (its report files left out).
final class StrengthNextLineTests: XCTestCase {
  typealias Fixtures = MutationRunFixtures

  private func arguments(_ verb: Verb, _ words: [String]) throws -> ParsedArguments {
    try ParsedArguments.read(words[...], for: verb)
  }

  func testASurvivorsNextLineRunsTheDrillAgainOnItsFeatureWithTheRunsOptionsButNotItsReportFiles() throws {
    var run = Fixtures.run([Fixtures.survivor, Fixtures.result(.killed, id: "2")])
    run.arguments = try arguments(
      .mutate,
      [
        "--manifest", "app/manifest.yaml", "--jobs", "2", "--json", "--junit", "out/drill.xml", "--html", "d.html",
        "--feature", "lamp", "--feature", "counter", "--since", "origin/main", "--timeout", "3",
      ])
    XCTAssertEqual(
      run.nextLine,
      "next: duet-verify mutate --manifest app/manifest.yaml --feature counter --jobs 2 --timeout 3 --since origin/main"
    )
    let text = run.human
    XCTAssertTrue(text.contains("\n" + (run.nextLine ?? "?") + "\n" + run.summaryLine + "\n"), text)
  }

  func testTheNextLineNamesEverySurvivorsFeatureOnceAndKeepsTheRunsScopeWhenOneHasNone() throws {
    var lamp = Fixtures.survivor
    lamp.mutant.id = "2"
    lamp.features = ["lamp", "counter"]
    var run = Fixtures.run([Fixtures.survivor, lamp])
    run.arguments = try arguments(.mutate, ["--min-score", "80"])
    XCTAssertEqual(run.nextLine, "next: duet-verify mutate --feature counter --feature lamp --min-score 80")
    var shared = Fixtures.survivor
    shared.features = []
    run.results.append(shared)
    run.arguments = try arguments(.mutate, ["--feature", "counter", "--feature", "lamp", "--feature", "ping"])
    XCTAssertEqual(run.nextLine, "next: duet-verify mutate --feature counter --feature lamp --feature ping")
  }

  func testNoSurvivorOrNoKnownCommandLineMeansNoNextLine() throws {
    var run = Fixtures.run([Fixtures.result(.killed, id: "1"), Fixtures.result(.noCoverage, id: "2")])
    run.arguments = try arguments(.mutate, [])
    XCTAssertNil(run.nextLine)
    XCTAssertFalse(run.human.contains("next:"), run.human)
    XCTAssertNil(Fixtures.run([Fixtures.survivor]).nextLine, "rendered outside a command")
  }

  func testAPathWithSpacesIsQuotedSoTheLineRunsAsPrinted() throws {
    var run = Fixtures.run([Fixtures.survivor])
    run.arguments = try arguments(.mutate, ["--manifest", "my app/manifest.yaml"])
    XCTAssertEqual(run.nextLine, "next: duet-verify mutate --manifest 'my app/manifest.yaml' --feature counter")
  }

  private func coverage(_ groups: [FeatureCoverage], _ words: [String]) throws -> CoverageReport {
    var report = CoverageReport(
      groups: groups, minLines: nil, recordings: 3, recordingsPassed: 3, buildMillis: 10, replayMillis: 1)
    report.arguments = try arguments(.coverage, words)
    return report
  }

  private func group(_ feature: String?, unreached: Int) -> FeatureCoverage {
    let region = UnreachedRegion(line: 4, column: 3, endLine: 5, endColumn: 4, feature: feature)
    return FeatureCoverage(
      feature: feature, module: "Sources/Logic",
      files: [
        FileCoverage(
          path: "Sources/Logic/\(feature ?? "Shared").swift", lines: CoverageCount(count: 10, covered: 10 - unreached),
          regions: CoverageCount(count: 4, covered: 4 - unreached),
          unreached: Array(repeating: region, count: unreached))
      ])
  }

  func testCoveragesNextLineRunsItAgainOnTheFeaturesWithUnreachedCode() throws {
    let report = try coverage(
      [group("counter", unreached: 1), group("lamp", unreached: 0), group("ping", unreached: 2)],
      ["--min-lines", "90", "--json", "--html", "c.html", "--jobs", "4"])
    XCTAssertEqual(
      report.nextLine, "next: duet-verify coverage --feature counter --feature ping --jobs 4 --min-lines 90")
    XCTAssertTrue(report.human.contains("\n" + (report.nextLine ?? "?") + "\nduet-verify: reducer modules:"))
    XCTAssertFalse(report.json.contains("next"), "the JSON report is unchanged")
  }

  func testCoverageKeepsTheRunsScopeForSharedCodeAndSaysNothingWhenAllIsReached() throws {
    let shared = try coverage([group("counter", unreached: 1), group(nil, unreached: 1)], ["--feature", "counter"])
    XCTAssertEqual(shared.nextLine, "next: duet-verify coverage --feature counter")
    let reached = try coverage([group("counter", unreached: 0)], [])
    XCTAssertNil(reached.nextLine)
    XCTAssertFalse(reached.human.contains("next:"))
  }
}
