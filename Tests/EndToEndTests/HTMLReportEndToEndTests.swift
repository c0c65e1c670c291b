import Foundation
import TestSupport
import XCTest

/// `verify --html FILE` through the real executable on a copy of the example app with one failing
/// recording (whose label is hostile), and, where headless Chromium is installed, the page as a
/// browser reads it.
final class HTMLReportEndToEndTests: XCTestCase {
  static let hostileLabel = #"name edited › <script>alert(1)</script> & \"quoted\""#
  static let shownLabel = #"name edited › <script>alert(1)</script> & "quoted""#

  /// The example app with `account.name-edited` broken at step 0 (state) and labelled hostilely.
  func brokenExample() throws -> TemporaryRepository {
    let repository = try TemporaryRepository.exampleApp()
    let file = "fixtures/account.name-edited.fixture.json"
    try repository.edit(file, replacing: #""isEditingName": true"#, with: #""isEditingName": false"#)
    try repository.edit(
      file, replacing: #""label": "name edited › edit name is tapped""#, with: "\"label\": \"\(Self.hostileLabel)\"")
    return repository
  }

  func verifyWithHTML(_ repository: TemporaryRepository, _ path: String) throws -> CommandRun {
    let runner = try BuiltProducts.executable(named: "foyer-runner").path
    return try repository.verify(["verify", "--runner", runner, "--html", path], environment: ["NO_COLOR": "1"])
  }

  func testVerifyHTMLWritesTheMatrixTheFailureAndTheTaxonomy() throws {
    let repository = try brokenExample()
    let run = try verifyWithHTML(repository, "out/parity.html")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "duet-verify: 48/49 fixtures passed")
    let page = try repository.read("out/parity.html")
    assertContains(page, "<span class=\"verdict fail\">✗ FAIL</span>")
    assertContains(page, "48/49 recordings passed on swift")
    let matrix = HTMLScan.section(page, from: "<table class=\"matrix\">", to: "</table>")
    XCTAssertEqual(matrix.components(separatedBy: "<tr class=\"feature-row\">").count - 1, 9, matrix)
    assertContains(matrix, "<th scope=\"col\" class=\"lane\">swift</th>")
    assertContains(matrix, "<td class=\"cell fail\">✗ 4/5 passed")
    XCTAssertEqual(matrix.components(separatedBy: "<td class=\"cell pass\">").count - 1, 8, matrix)
    XCTAssertEqual(page.components(separatedBy: "<article class=\"failure\"").count - 1, 1, page)
    assertContains(page, "<dt>at</dt><dd><code>expectedState.isEditingName</code></dd>")
    assertContains(
      page, "<dt>scenario</dt><dd><code>Sources/FoyerFeatures/Account/AccountScenario.swift:49</code></dd>")
    // The terminal's compact diff of the whole state, around the changed member.
    assertContains(
      page,
      "<span class=\"del\">-   &quot;isEditingName&quot;: false,\n</span>"
        + "<span class=\"ins\">+   &quot;isEditingName&quot;: true,\n</span>")
    assertContains(page, "name edited › &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;")
    XCTAssertFalse(page.contains("<script"), page)
    let taxonomy = HTMLScan.section(page, from: "<table class=\"taxonomy\">", to: "</table>")
    XCTAssertEqual(taxonomy.components(separatedBy: "<tr class=\"event-row\">").count - 1, 7, taxonomy)
    assertContains(taxonomy, "<code>Session Signed In</code>")
  }

  func testAnHTMLReportThatCannotBeWrittenFailsTheRunWithASentence() throws {
    let repository = try TemporaryRepository.exampleApp()
    let run = try verifyWithHTML(repository, "manifest.yaml/parity.html")
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.error, "duet-verify: the HTML report you asked for was not written, so the run fails: cannot open the folder "
    )
    assertContains(run.out, "duet-verify: 49/49 fixtures passed")
    XCTAssertTrue(run.out.hasSuffix("duet-verify verify: FAIL\n"), run.out)
  }

  func testHeadlessChromiumShowsTheMatrixTheFailureAndTheTaxonomy() throws {
    guard let chromium = HeadlessChromium.executable() else {
      throw XCTSkip("headless Chromium is not installed (Debian: apt-get install chromium); the page is not rendered")
    }
    let repository = try brokenExample()
    let run = try verifyWithHTML(repository, "parity.html")  // outside the assertion: a skip stays a skip
    XCTAssertEqual(run.code, 1, run.out + run.error)
    let page = repository.root.appendingPathComponent("parity.html")
    let dump = try HeadlessChromium.dumpDOM(chromium, page: page, in: repository.root)
    XCTAssertEqual(dump.code, 0, dump.error)
    // What the browser built: the hostile label is text, never an element.
    XCTAssertFalse(dump.out.lowercased().contains("<script"), dump.out)
    let text = HeadlessChromium.visibleText(dump.out)
    for expected in [
      "duet-verify verify: ✗ FAIL", "48/49 recordings passed on swift", "Recordings by feature and lane",
      "✗ 4/5 passed", "✓ 7/7 passed", "Failures (1)", Self.shownLabel, "expectedState.isEditingName",
      #"-   "isEditingName": false,"#, #"+   "isEditingName": true,"#, "Event taxonomy", "Session Signed In",
    ] {
      XCTAssertTrue(text.contains(expected), "'\(expected)' is not on the rendered page:\n" + text)
    }
  }
}
