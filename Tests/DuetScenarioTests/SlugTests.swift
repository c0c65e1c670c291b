import XCTest

@testable import DuetScenario

/// Fixture-name slugs from Branch labels.
final class SlugTests: XCTestCase {
  func testSpacesBecomeSingleDashes() {
    XCTAssertEqual(Slug.make("keeps counting"), "keeps-counting")
  }

  func testRunsOfPunctuationCollapseToOneDash() {
    XCTAssertEqual(Slug.make("ping → pong, twice!"), "ping-pong-twice")
  }

  func testNoLeadingOrTrailingDash() {
    XCTAssertEqual(Slug.make("  (late) splash  "), "late-splash")
  }

  func testUpperCaseLettersAreLowerCased() {
    XCTAssertEqual(Slug.make("Safety Net Fires"), "safety-net-fires")
  }

  func testDigitsAreKept() {
    XCTAssertEqual(Slug.make("dim to 30"), "dim-to-30")
  }

  func testNonASCIILettersSeparateWords() {
    XCTAssertEqual(Slug.make("café au lait"), "caf-au-lait")
  }

  func testALabelWithoutLettersOrDigitsHasAnEmptySlug() {
    XCTAssertEqual(Slug.make("→ …"), "")
  }
}
