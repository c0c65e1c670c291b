import XCTest

@testable import DuetScenario

/// Fixture-name slugs from Branch labels.
final class SlugTests: XCTestCase {
  func testEachLabelBecomesItsSlug() {
    let cases: [(rule: String, label: String, slug: String)] = [
      ("spaces become single dashes", "keeps counting", "keeps-counting"),
      ("runs of punctuation collapse to one dash", "ping → pong, twice!", "ping-pong-twice"),
      ("no leading or trailing dash", "  (late) splash  ", "late-splash"),
      ("upper-case letters are lower-cased", "Safety Net Fires", "safety-net-fires"),
      ("digits are kept", "dim to 30", "dim-to-30"),
      ("non-ASCII letters separate words", "café au lait", "caf-au-lait"),
      ("a label without letters or digits has an empty slug", "→ …", ""),
    ]
    for (rule, label, slug) in cases {
      XCTAssertEqual(Slug.make(label), slug, rule)
    }
  }
}
