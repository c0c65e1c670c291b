import TestSupport
import XCTest

@testable import DuetVerify

/// The `coverage --html` page: one self-contained file, the counts per feature, each counted
/// file's source with every line of an unreached region marked, and the region's sentence under
/// its first line; everything from the repository escaped.
final class CoverageHTMLTests: XCTestCase {
  static let file = "Sources/Logic/<Counter>.swift"
  static let source = "func counterReducer() {\n  switch action {\n  case .reset:\n    count = 0\n  }\n}"

  func report(minLines: Int? = nil) -> CoverageReport {
    let region = UnreachedRegion(
      line: 3, column: 3, endLine: 4, endColumn: 14, function: "func counterReducer", switchCase: "case .reset",
      feature: "counter", scenario: nil, code: "case .reset:")
    let file = FileCoverage(
      path: Self.file, lines: CoverageCount(count: 6, covered: 4), regions: CoverageCount(count: 2, covered: 1),
      unreached: [region])
    return CoverageReport(
      groups: [FeatureCoverage(feature: "counter", module: "Sources/Logic", files: [file])], minLines: minLines,
      recordings: 3, recordingsPassed: 3, buildMillis: 1, replayMillis: 1)
  }

  func page(_ report: CoverageReport) -> String {
    CoverageHTML.render(report) { $0 == Self.file ? Self.source : nil }
  }

  func testThePageSaysTheVerdictAndTheCountsAndMarksEveryLineOfAnUnreachedRegion() {
    let html = page(report())
    XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"), html)
    XCTAssertTrue(html.contains("<title>duet-verify coverage</title>"), html)
    XCTAssertTrue(html.contains("<h1>duet-verify coverage: PASS</h1>"), html)
    XCTAssertTrue(
      html.contains(
        "<p class=\"summary\">Reducer modules: lines 4/6 (66.6%), regions 1/2 (50.0%), reached by 3 recordings.</p>"),
      html)
    XCTAssertTrue(html.hasSuffix("</body></html>\n"), html)
    XCTAssertEqual(HTMLScan.count("<tr class=\"miss\">", in: html), 2, html)
    XCTAssertTrue(
      html.contains("<tr class=\"miss\"><td class=\"n\">3</td><td class=\"m\">✗</td><td><pre>  case .reset:</pre>"),
      html)
    XCTAssertTrue(
      html.contains("<tr><td class=\"n\">1</td><td class=\"m\"></td><td><pre>func counterReducer() {"), html)
    XCTAssertEqual(HTMLScan.count("<div class=\"note\">", in: html), 1, html)
    XCTAssertTrue(html.contains(":3:3: not reached"), html)
  }

  func testAPageBelowMinLinesFails() {
    XCTAssertTrue(page(report(minLines: 90)).contains("<h1>duet-verify coverage: FAIL</h1>"))
  }

  func testFileNamesAreTextNeverMarkupAndThePageLoadsNothingFromOutside() {
    let html = page(report())
    XCTAssertTrue(html.contains("<h2>Sources/Logic/&lt;Counter&gt;.swift</h2>"), html)
    XCTAssertFalse(html.contains("<Counter>"), html)
    for outside in ["<link", "<script", "src=\"", "url(", "@import"] {
      XCTAssertFalse(html.contains(outside), "the page loads '\(outside)':\n" + html)
    }
  }
}
