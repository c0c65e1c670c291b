import DuetRunner
import TestSupport
import XCTest

@testable import DuetVerify

/// `verify --html FILE`: the page's structure, read loosely (tables, rows, classes, text), and its
/// escaping of everything that came from recordings or runners.
final class HTMLReportTests: XCTestCase {
  func testTheMatrixHasOneRowPerReplayedFeatureThenChainsAndOneColumnPerLane() {
    let page = HTMLReport.render(HTMLPageFixtures.oneLanePage())
    let matrix = HTMLScan.section(page, from: "<table class=\"matrix\">", to: "</table>")
    XCTAssertEqual(HTMLScan.count("<tr class=\"feature-row\">", in: matrix), 3, matrix)
    XCTAssertEqual(
      HTMLScan.texts(of: "th scope=\"row\"", in: matrix), ["splash", "signin", "chains"], matrix)
    XCTAssertEqual(HTMLScan.texts(of: "th scope=\"col\" class=\"lane\"", in: matrix), ["swift"])
  }

  func testACellSaysItsResultInTextAndInItsClass() {
    let matrix = HTMLScan.section(
      HTMLReport.render(HTMLPageFixtures.oneLanePage()), from: "<table class=\"matrix\">", to: "</table>")
    let rows = HTMLScan.parts(matrix, after: "<tr class=\"feature-row\">")
    XCTAssertTrue(rows[0].contains("<td class=\"cell fail\">✗ 1/2 passed"), rows[0])
    XCTAssertTrue(rows[0].contains("<a href=\"#failure-1-2\">splash.repeat-appear-inert</a>"), rows[0])
    XCTAssertTrue(rows[1].contains("<td class=\"cell pass\">✓ 1/1 passed</td>"), rows[1])
    XCTAssertTrue(rows[2].contains("<td class=\"cell pass\">✓ 1/1 passed</td>"), rows[2])
  }

  func testEveryFailureHasASectionWithTheFailureBlocksFieldsAndADiff() {
    let page = HTMLReport.render(HTMLPageFixtures.oneLanePage())
    let failures = HTMLScan.section(page, from: "<section id=\"failures\">", to: "</section>")
    XCTAssertEqual(HTMLScan.count("<article class=\"failure\"", in: failures), 1)
    assertContains(failures, "<article class=\"failure\" id=\"failure-1-2\">")
    assertContains(
      failures,
      "<h3>✗ fixture &#39;splash.repeat-appear-inert&#39; step 1 &#39;the splash appears&#39; — effects diverged</h3>")
    for (name, value) in [
      ("lane", "swift"), ("recording", "splash.repeat-appear-inert"), ("step", "1"),
      ("label", "the splash appears"), ("at", "expectedEffects[0]"),
      ("action", "{&quot;case&quot;:&quot;appeared&quot;}"),
      ("scenario", "Sources/FoyerFeatures/Splash/SplashScenario.swift:57"),
      ("next", "duet-verify explain splash.repeat-appear-inert#1"),
    ] {
      XCTAssertTrue(failures.contains("<dt>\(name)</dt><dd><code>\(value)</code></dd>"), name + "\n" + failures)
    }
    let diff = HTMLScan.section(failures, from: "<pre class=\"diff\">", to: "</pre>")
    assertContains(diff, "<span class=\"del\">-     &quot;kind&quot;: &quot;run&quot;,\n</span>")
    assertContains(diff, "<span class=\"ins\">+     &quot;kind&quot;: &quot;cancel&quot;,\n</span>")
    assertContains(diff, "<span class=\"ctx\">      &quot;id&quot;: &quot;splash.safetyNet&quot;,\n</span>")
  }

  func testAPassingRunHasNoFailureSectionAndSaysPass() {
    let run = RunResult(
      fixtures: [HTMLPageFixtures.passed("signin.email", feature: "signin")],
      runner: RunnerIdentity(path: "replay-runner", platform: "swift"))
    let page = HTMLReport.render(ParityPage(run: run, features: ["signin"], taxonomy: nil))
    XCTAssertFalse(page.contains("id=\"failures\""), page)
    assertContains(page, "<span class=\"verdict pass\">✓ PASS</span>")
    assertContains(page, "1/1 recordings passed on swift")
  }

  func testTheTaxonomyTableHasOneRowPerEventWithItsDeclarersParametersAndRecordings() {
    let page = HTMLReport.render(HTMLPageFixtures.oneLanePage())
    let table = HTMLScan.section(page, from: "<table class=\"taxonomy\">", to: "</table>")
    let rows = HTMLScan.parts(table, after: "<tr class=\"event-row\">")
    XCTAssertEqual(rows.count, 2, table)
    XCTAssertTrue(rows[0].contains("<code>Session Signed In</code></th><td class=\"pass\">✓ declared</td>"), rows[0])
    XCTAssertTrue(rows[0].contains("<li>provider: string (email, guest)</li>"), rows[0])
    XCTAssertTrue(rows[0].contains("<code>signin.email</code>, <code>chain-root-signin</code>"), rows[0])
    XCTAssertTrue(
      rows[1].contains("<td class=\"warn\">! never recorded</td><td><code>home</code></td><td>—</td>"), rows[1])
    assertContains(page, "! warning: &#39;Promo Viewed&#39; is declared but no recording emits it.")
  }

  func testLanesPlugInAsColumnsWithoutChangingTheRenderer() {
    let swift = ParityPage.Column(
      platform: "swift", results: [HTMLPageFixtures.passed("splash.first-launch", feature: "splash")])
    let kotlin = ParityPage.Column(
      platform: "kotlin", results: [HTMLPageFixtures.failed("splash.first-launch", feature: "splash")])
    let lanes = [swift, kotlin]
    let page = HTMLReport.render(
      ParityPage(lanes: lanes, rows: ParityPage.rows(features: ["splash"], lanes: lanes), passed: false))
    let matrix = HTMLScan.section(page, from: "<table class=\"matrix\">", to: "</table>")
    XCTAssertEqual(HTMLScan.texts(of: "th scope=\"col\" class=\"lane\"", in: matrix), ["swift", "kotlin"])
    assertContains(matrix, "<td class=\"cell pass\">✓ 1/1 passed</td><td class=\"cell fail\">✗ 0/1 passed")
    assertContains(page, "<article class=\"failure\" id=\"failure-2-1\">")
    assertContains(page, "<dt>lane</dt><dd><code>kotlin</code></dd>")
    assertContains(page, "1/1 recordings passed on swift, 0/1 recordings passed on kotlin")
  }

  func testAFeatureNamedChainsKeepsItsOwnRow() {
    let lane = ParityPage.Column(
      platform: "swift",
      results: [
        HTMLPageFixtures.passed("chains.one", feature: "chains"),
        HTMLPageFixtures.passed("chain-a", feature: nil, kind: .chain),
      ])
    XCTAssertEqual(ParityPage.rows(features: ["chains"], lanes: [lane]), [.feature("chains"), .chains])
  }

  func testHostileTextFromRecordingsAndRunnersIsEscapedEverywhere() {
    let hostile = HTMLPageFixtures.hostile
    var result = HTMLPageFixtures.failed(hostile, feature: hostile, label: hostile)
    result.scenarioSource = hostile
    var failure = result.failure!
    failure.node = hostile
    failure.divergence = Divergence(path: hostile, expected: hostile, actual: "\"" + hostile + "\"")
    failure.action = hostile
    failure.detail = hostile
    failure.stderr = [hostile, "\u{0}\u{1B}[31m"]
    result.failure = failure
    let run = RunResult(
      fixtures: [result], lintProblems: [LintProblem(file: hostile, message: hostile)],
      taxonomyFindings: [TaxonomyFinding(severity: .error, message: hostile)],
      runnerFailures: [
        .didNotStart(RunnerStartError(command: hostile, fault: .closedOutput, stderr: []))
      ],
      runner: RunnerIdentity(path: hostile, platform: hostile))
    let page = HTMLReport.render(
      ParityPage(
        run: run, features: [hostile],
        taxonomy: HTMLPageFixtures.taxonomy(eventName: hostile, fixture: hostile)))
    XCTAssertFalse(page.contains("<script"), page)
    XCTAssertFalse(page.contains("onmouseover=\""), page)
    XCTAssertFalse(page.contains("\u{0}"), page)
    XCTAssertFalse(page.contains("\u{1B}"), page)
    let escaped =
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot; onmouseover=&quot;steal()&quot; &#39;q&#39;"
    // Platform, feature, name (link, header, field), label, node, path, fragments, note, action,
    // scenario, stderr, lint, taxonomy error, runner failure, event name, pinning recording.
    XCTAssertGreaterThanOrEqual(page.components(separatedBy: escaped).count - 1, 20, page)
  }

  func testThePageNeedsNoScriptsAndNoExternalFiles() {
    let page = HTMLReport.render(HTMLPageFixtures.oneLanePage())
    XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), page)
    XCTAssertTrue(page.hasSuffix("</body>\n</html>\n"), page)
    for outside in ["<script", "<link", "src=", "url(", "@import", "href=\"http"] {
      XCTAssertFalse(page.contains(outside), outside)
    }
    assertContains(page, "<style>")
  }
}
