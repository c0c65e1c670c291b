import DuetCore
import Foundation
import TestSupport
import XCTest

/// The manifest is a superset of the duet CLI's grammar: what Duet accepts, `duet-verify lint`
/// reads the same way; what Duet rejects is refused without a hint toward another rejected form.
final class ManifestSupersetEndToEndTests: XCTestCase {
  func testATopLevelWaiversFailsLintAndTheHintNeverSuggestsKeepingIt() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.append("waivers: []\n", to: "manifest.yaml")
    let run = try repository.failingLint()
    assertContains(run.out, "✗ manifest.yaml:8: unknown top-level key 'waivers'.")
    assertContains(run.out, "Waivers belong under presentation:")
    XCTAssertFalse(run.out.contains("waivers: []"), run.out)
  }

  func testFixtureItemsIndentedEightSpacesAreRead() throws {
    try assertFixtureItemsAreRead(indentedBy: 8)
  }

  /// Lint reads the corpus's three recordings with their items indented `width` spaces.
  func assertFixtureItemsAreRead(indentedBy width: Int, line: UInt = #line) throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write(
      "manifest.yaml",
      try repository.read("manifest.yaml").replacingOccurrences(
        of: "      - ", with: String(repeating: " ", count: width) + "- "))
    let run = try repository.passingLint(line: line)
    assertContains(run.out, "OK (1 feature, 3 fixtures)")
  }

  func testARecordingNamedWithAnUnderscoreIsAccepted() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let fixtures = repository.root.appendingPathComponent("fixtures")
    try FileManager.default.moveItem(
      at: fixtures.appendingPathComponent("counter.fixture.json"),
      to: fixtures.appendingPathComponent("counter_main.fixture.json"))
    try repository.edit("manifest.yaml", replacing: "      - counter\n", with: "      - counter_main\n")
    try repository.passingLint()
  }

  func testAQuotedPathWarnsThatTheDuetCLIReadsTheQuotes() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.write("Tests/CounterScenario.swift", "// the counter's scenario\n")
    try repository.edit(
      "manifest.yaml", replacing: "  counter:\n", with: "  counter:\n    scenario: \"Tests/CounterScenario.swift\"\n")
    let run = try repository.passingLint()
    assertContains(
      run.out,
      "warning: manifest.yaml:4: 'scenario' of feature 'counter' is quoted: duet-verify reads the path "
        + "Tests/CounterScenario.swift without the quotes, but the duet CLI reads the quotes as part of the path")
  }

  func testFixtureItemsIndentedSevenSpacesAreRead() throws {
    try assertFixtureItemsAreRead(indentedBy: 7)
  }

  func testALedgerTheDuetCLIRejectsIsAWarningThatNamesItsLine() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.append("presentation:\n  waivers: []\n  notes: none\n", to: "manifest.yaml")
    let run = try repository.passingLint()
    assertContains(
      run.out,
      "warning: manifest.yaml:10: 'notes' under presentation: is not a ledger section (waivers:, islands:); the duet "
        + "CLI rejects this manifest there")
  }
}
