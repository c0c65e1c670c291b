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

  func testAPageOfNoMutantsSaysThereIsNothingToScoreAndClaimsNoPercentage() {
    let html = page(Fixtures.run([]))
    XCTAssertTrue(html.contains("<h1>duet-verify mutate: ✓ PASS</h1>"), html)
    XCTAssertTrue(html.contains("no mutants were made, so there is no score"), html)
    XCTAssertTrue(html.contains("duet-verify: no mutation score (0 killed, 0 survived) in 4.2s"), html)
    XCTAssertFalse(html.contains("100%"), html)
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

  func testHeadlessChromiumShowsTheScoreAndTheSurvivorsAndBuildsNoElementFromHostileText() throws {
    guard let chromium = HeadlessChromium.executable() else {
      throw XCTSkip("headless Chromium is not installed (Debian: apt-get install chromium); the page is not rendered")
    }
    let folder = try TemporaryFolder(prefix: "mutation-html")
    let file = folder.url.appendingPathComponent("mutate.html")
    try Data(page(Fixtures.run([Fixtures.result(.killed, id: "2"), Fixtures.survivor, Fixtures.hostile])).utf8)
      .write(to: file)
    let dump = try HeadlessChromium.dumpDOM(chromium, page: file, in: folder.url)
    XCTAssertEqual(dump.code, 0, dump.error)
    XCTAssertFalse(dump.out.lowercased().contains("<script"), dump.out)
    XCTAssertFalse(dump.out.lowercased().contains("<img"), dump.out)
    let text = HeadlessChromium.visibleText(dump.out)
    for expected in [
      "duet-verify mutate: ✗ FAIL", "duet-verify: mutation score 33% (1 killed, 2 survived) in 4.2s", "Survivors (2)",
      "if name.count <= 40 {", "</script><script>alert(1)</script>", "Sources/<img src=x onerror=alert(1)>",
    ] {
      XCTAssertTrue(text.contains(expected), "'\(expected)' is not on the rendered page:\n" + text)
    }
  }
}
