import XCTest

@testable import DuetVerify

final class PrintableTextTests: XCTestCase {
  func testControlCharactersAreEscapedSoAFieldIsOneVisibleLine() {
    XCTAssertEqual(
      PrintableText.escaped("a\n::add-mask::x\r\t\u{1B}[2J\u{0}\u{7F}\u{9B}é"),
      #"a\n::add-mask::x\r\t\u{1B}[2J\u{0}\u{7F}\u{9B}é"#)
  }

  func testKeepingNewlinesLeavesLineFeedsButEscapesTheRest() {
    XCTAssertEqual(PrintableText.escaped("one\ntwo\r\u{1B}", keepingNewlines: true), "one\ntwo\\r\\u{1B}")
  }

  func testPlainTextIsUnchanged() {
    XCTAssertEqual("fixture 'counter' step 2 — ✓ ∅".printable, "fixture 'counter' step 2 — ✓ ∅")
  }
}
