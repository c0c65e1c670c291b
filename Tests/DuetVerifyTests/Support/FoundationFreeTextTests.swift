import Foundation
import XCTest

@testable import DuetVerify

/// The verifier's own text and path helpers give what the Foundation calls they replaced gave
/// (the verifier links no Foundation module that needs ICU; docs/performance.md, seventh round).
/// Each is held to Foundation itself, which the tests still link.
final class FoundationFreeTextTests: XCTestCase {
  static let samples = [
    "", " ", "plain", "  both ends  ", "\t\ttabs\t", "\nnew\r\nlines\n", "\u{00A0}no-break\u{2003}",
    "\u{2028}separators\u{2029}", "\u{85}next-line\u{0B}\u{0C}", "a\r\nb", "100%, a:b", "e\u{301}\u{301}",
    "👩‍👩‍👧 family", "'quoted' it's", "|pipe|`tick`", "   ",
  ]

  func testTrimmingRemovesWhatFoundationsCharacterSetsRemove() {
    for text in Self.samples {
      XCTAssertEqual(text.trimming(.whitespaces), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
      XCTAssertEqual(text.trimming(.newlines), text.trimmingCharacters(in: .newlines), text.debugDescription)
      XCTAssertEqual(
        text.trimming(.whitespacesAndNewlines), text.trimmingCharacters(in: .whitespacesAndNewlines),
        text.debugDescription)
      let sub = text.dropFirst(0)
      XCTAssertEqual(sub.trimming(.whitespaces), sub.trimmingCharacters(in: .whitespaces), text.debugDescription)
    }
  }

  func testReplacingEveryMatchesReplacingOccurrencesEvenInsideACarriageReturnLineFeed() {
    let pairs = [
      ("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), ("'", "'\\''"), ("|", "\\|"), ("`", "'"),
      ("aa", "b"), ("", "x"),
    ]
    for text in Self.samples + ["aaa", "aaaa"] {
      for (target, replacement) in pairs {
        XCTAssertEqual(
          text.replacingEvery(target, with: replacement), text.replacingOccurrences(of: target, with: replacement),
          "\(text.debugDescription): \(target.debugDescription)")
      }
    }
    XCTAssertEqual("a\r\nb".replacingEvery("\n", with: "%0A"), "a\r%0Ab")
  }

  func testPaddingMatchesFoundationsPaddingWithSpaces() {
    for text in Self.samples {
      for length in [0, 3, 12, 30] {
        XCTAssertEqual(
          text.padded(toLength: length), text.padding(toLength: length, withPad: " ", startingAt: 0),
          "\(text.debugDescription) to \(length)")
      }
    }
  }

  func testFirstRangeFindsWhatRangeOfFinds() {
    let line = "  case .a: x = 1  // duet-verify mutant 12"[...]
    let range = line.firstRange(ofScalars: "// duet-verify mutant ")
    XCTAssertEqual(range.map { String(line[$0.upperBound...]) }, "12")
    XCTAssertNil(line.firstRange(ofScalars: "absent"))
  }

  func testPathPiecesMatchNSStringsPathMethods() {
    // Paths of the shapes the verifier takes apart (Foundation's own code traps on some very short
    // relative ones, and "//" alone it makes "").
    let paths = [
      "", "/", "/usr", "/usr/bin/swift", "Module.build/main.swift.o", "main.swift.o", "reports/out.xml",
      "/tmp/reports/", "/tmp//reports///out.xml", "./reports/out.xml", "../up/out.xml",
    ]
    for path in paths {
      XCTAssertEqual(PathText.last(path), (path as NSString).lastPathComponent, path.debugDescription)
      XCTAssertEqual(PathText.deletingLast(path), (path as NSString).deletingLastPathComponent, path.debugDescription)
    }
    for components in [["/"], ["/", "a", "b"], ["a", "b"], ["/", "a/", "b"]] {
      XCTAssertEqual(PathText.joined(components), NSString.path(withComponents: components), "\(components)")
    }
  }

  func testSecondsAreWrittenAsStringFormatWroteThem() {
    for millis in [0, 1, 49, 50, 51, 149, 150, 250, 1_250, 1_350, 2_049, 2_050, 12_345, 999_999, 1_000_000_000] {
      XCTAssertEqual(SecondsText.of(millis: millis, places: 1), String(format: "%.1f", Double(millis) / 1000))
      XCTAssertEqual(SecondsText.of(millis: millis, places: 3), String(format: "%.3f", Double(millis) / 1000))
    }
  }

  func testTheScenarioDeclarationLookMatchesTheRegularExpressionItReplaced() throws {
    let expression = try NSRegularExpression(pattern: #"=\s*(Chain)?Scenario\s*\("#)
    let texts = [
      "let a = Scenario(", "let a =Scenario (", "let a = ChainScenario(", "let a = Chain Scenario(",
      "let a = ChainXScenario(", "let a:Scenario = x", "= \u{00A0}\u{2028}Scenario\t(", "==Scenario(", "Scenario(",
      "let a = Scenario", "let a = Scenarios(", "a = b; let c = Scenario(", "=\u{0B}Scenario(", "=\u{85}Scenario(",
    ]
    for text in texts {
      let matched = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
      XCTAssertEqual(CoverageMap.declaresScenarios(text), matched, text.debugDescription)
    }
  }

  func testAFileErrorIsASentenceNamingTheFileAndTheReason() {
    do {
      try Data([1]).write(to: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x"))
      XCTFail("the write should fail")
    } catch {
      let text = ErrorText.of(error)
      XCTAssertTrue(text.hasPrefix("/nonexistent-"), text)
      XCTAssertTrue(text.hasSuffix(": No such file or directory"), text)
    }
  }
}
