import DuetCore
import Foundation
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

  func testFormatCharactersAndLegacyCommandsAreEscapedToo() {
    XCTAssertEqual(
      PrintableText.escaped("##[error]x \u{202E}rtl\u{2066}\u{2028}\u{2029}\u{200B}\u{200D}\u{2060}\u{FEFF}\u{61C}"),
      #"#\u{23}[error]x \u{202E}rtl\u{2066}\u{2028}\u{2029}\u{200B}\u{200D}\u{2060}\u{FEFF}\u{61C}"#)
    XCTAssertEqual(PrintableText.escaped("###[ #[ ## ["), #"##\u{23}[ #[ ## ["#)
  }

  func testPlainTextIsUnchanged() {
    XCTAssertEqual("fixture 'counter' step 2 — ✓ ∅".printable, "fixture 'counter' step 2 — ✓ ∅")
  }

  /// A taxonomy sentence keeps its own line feeds in the terminal report (the "declare it" form),
  /// so the names it quotes from recordings are escaped where they are quoted: a recorded event name
  /// cannot start a line of its own (a forged `::error` workflow command).
  func testOutsideNamesInMultiLineTaxonomySentencesCannotStartALine() {
    let evil = "Evil\n::error file=a.swift::forged Viewed"
    let location = RecordingLocation(fixture: "counter", isChain: false, step: 0, node: nil, path: JSONPath(root: "x"))
    let sentences = [
      TaxonomyMessages.missingSection(
        events: [(owner: evil, events: [evil], verbs: [evil])], first: location, manifest: "manifest.yaml"),
      TaxonomyMessages.malformed(evil, at: location),
    ]
    for sentence in sentences {
      let lines = sentence.printableLines.split(separator: "\n")
      XCTAssertFalse(lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }, sentence)
      XCTAssertTrue(sentence.printableLines.contains(#"Evil\n::error"#), sentence)
    }
  }
}
