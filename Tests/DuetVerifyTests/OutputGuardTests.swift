import Foundation
import XCTest

@testable import DuetVerify

/// What `CommandOutput` lets through to a terminal or a CI log, whatever a call site forgot.
final class OutputGuardTests: XCTestCase {
  func testALineCannotOpenAWorkflowCommandEvenAfterWhitespace() {
    var guarded = OutputGuard()
    XCTAssertEqual(
      guarded.text("::error::a\n  ::add-mask::b\n\t\u{A0}::warning::c\r::d\n"),
      "\\u{3A}:error::a\n  \\u{3A}:add-mask::b\n\t\u{A0}\\u{3A}:warning::c\r\\u{3A}:d\n")
  }

  func testALineStartIsKnownAcrossWrites() {
    var guarded = OutputGuard()
    XCTAssertEqual(guarded.text("✗ first\n  "), "✗ first\n  ")
    XCTAssertEqual(guarded.text("::error::x"), "\\u{3A}:error::x")
    XCTAssertEqual(guarded.text(" ::error::mid-line\n"), " ::error::mid-line\n")
  }

  /// Plain ASCII is written without the scalar pass, and still carries the line start along.
  func testPlainASCIIWritesKeepTheLineStartToo() {
    var guarded = OutputGuard()
    XCTAssertEqual(guarded.text("duet-verify: 3/3 fixtures passed\n\t "), "duet-verify: 3/3 fixtures passed\n\t ")
    XCTAssertEqual(guarded.text(":: forged"), "\\u{3A}: forged")
    XCTAssertEqual(guarded.text(" a: b\n"), " a: b\n")
    XCTAssertEqual(guarded.text("::x"), "\\u{3A}:x")
  }

  func testLegacyCommandsFormatAndForeignControlCharactersAreEscapedAnywhere() {
    var guarded = OutputGuard()
    XCTAssertEqual(
      guarded.text("a #" + "#[stop-commands] \u{202E}x\u{2028}y\u{200B}\u{0}\u{8}\u{85}\n"),
      #"a #\u{23}[stop-commands] \u{202E}x\u{2028}y\u{200B}\u{0}\u{8}\u{85}"# + "\n")
  }

  func testTheToolsOwnColoursTabsAndTextPassUnchanged() {
    var guarded = OutputGuard()
    let text =
      "\u{1B}[31m✗\u{1B}[0m fixture 'counter' step 2 — at expectedState.count\n\tnext: duet-verify explain a#1\n"
    XCTAssertEqual(guarded.text(text), text)
  }

  func testAnAnnotationAloneMayOpenWithTwoColons() {
    var guarded = OutputGuard()
    XCTAssertEqual(
      guarded.workflowCommand("::error file=a.swift,line=1::step 'x ##[error]'"),
      "::error file=a.swift,line=1::step 'x #\\u{23}[error]'\n")
    XCTAssertEqual(guarded.text("::error::after\n"), "\\u{3A}:error::after\n")
  }

  func testJSONIsEscapedAsJSONSoItReadsBackTheSame() throws {
    var guarded = OutputGuard()
    let original = "{\"label\":\"##[error] \u{202E}x\u{2028}::y\u{FEFF}\"}\n"
    let written = guarded.json(original)
    XCTAssertEqual(written, ##"{"label":"#\u0023[error] \u202ex\u2028::y\ufeff"}"## + "\n")
    let decoded = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: String]
    XCTAssertEqual(decoded?["label"], "##[error] \u{202E}x\u{2028}::y\u{FEFF}")
  }
}
