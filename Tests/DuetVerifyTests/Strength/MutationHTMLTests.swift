import TestSupport
import XCTest

@testable import DuetVerify

/// The `mutate --html` page: one self-contained file, every mutant by file with its status, each
/// survivor with the source around it, everything from the runner package escaped.
final class MutationHTMLTests: XCTestCase {
  typealias Fixtures = MutationRunFixtures

  func page(_ run: MutationRun) -> String {
    MutationHTML.render(run) { $0 == Fixtures.file ? Fixtures.source : Fixtures.hostileSource }
  }

  func testThePageShowsTheScoreEveryMutantsStatusAndTheSurvivorsSourceLines() {
    let html = page(Fixtures.run([Fixtures.result(.killed, id: "2"), Fixtures.survivor]))
    XCTAssertTrue(html.contains("<h1>duet-verify mutate: ✗ FAIL</h1>"), html)
    XCTAssertTrue(html.contains("duet-verify: mutation score 50% (1 killed, 1 survived) in 4.2s"), html)
    XCTAssertEqual(HTMLScan.count("<tr class=\"Killed\">", in: html), 1)
    XCTAssertEqual(HTMLScan.count("<tr class=\"Survived\">", in: html), 1)
    let block = HTMLScan.section(html, from: "<section class=\"survivor\">", to: "</section>")
    // Three lines of context each side, the original line marked `-` and the mutant `+` under it.
    XCTAssertEqual(HTMLScan.texts(of: "td class=\"n\"", in: block), ["1", "2", "3", "4", "4", "5", "6", "7"])
    XCTAssertTrue(
      block.contains(
        "<tr class=\"old\"><td class=\"n\">4</td><td class=\"m\">-</td><td><pre>    if name.count &lt; 40 {</pre>"),
      block)
    XCTAssertTrue(
      block.contains(
        "<tr class=\"new\"><td class=\"n\">4</td><td class=\"m\">+</td><td><pre>    if name.count &lt;= 40 {</pre>"),
      block)
    XCTAssertTrue(
      block.contains("add a step to Sources/Logic/CounterScenarios.swift that lands exactly on the boundary"), block)
  }

  func testAPageOfNoMutantsSaysThereIsNothingToScore() {
    let html = page(Fixtures.run([]))
    XCTAssertTrue(html.contains("<h1>duet-verify mutate: ✓ PASS</h1>"), html)
    XCTAssertTrue(html.contains("No mutants were made"), html)
  }

  func testHostileFileNamesRecordingsAndSourceAreTextNeverMarkup() {
    let html = page(Fixtures.run([Fixtures.hostile]))
    XCTAssertFalse(html.contains("<img"), html)
    XCTAssertFalse(html.lowercased().contains("<script"), html)
    XCTAssertFalse(html.contains("</script>"), html)
    XCTAssertFalse(html.contains("\u{1B}"), html)
    XCTAssertTrue(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), html)
  }

  func testThePageLoadsNothingFromOutside() {
    let html = page(Fixtures.run([Fixtures.survivor, Fixtures.hostile]))
    for outside in ["<link", "<script", "src=\"", "url(", "@import"] {
      XCTAssertFalse(html.contains(outside), "the page loads '\(outside)':\n" + html)
    }
  }
}
