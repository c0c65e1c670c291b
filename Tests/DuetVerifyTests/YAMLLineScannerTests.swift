import XCTest

@testable import DuetVerify

/// The manifest scanner reads an ASCII line byte by byte and any other line by `Character`s: both
/// ways must say exactly the same of every line.
final class YAMLLineScannerTests: XCTestCase {
  /// Every line form and refusal the grammar tests name, and the corners of comments and quotes.
  let lines = [
    "", "   ", "# a comment", "key: value", "key:", "key:   spaced", "  - item", "-", "- ", "-   item   ",
    "-item", "---", "...", "key:value", "a key: value", "\"quoted\": value", "'single': value",
    "key: \"a # not a comment\" # a comment", "key: 'it''s' # comment", "key: \"esc\\\" # still\" # cut",
    "key: value#not-a-comment", "key: value   ", "\tkey: tab", " odd: indent", "    deep: four",
    "- key: value", "- \"quoted: item\"", "key: [a, b]", "key: {}", "key: []", "url: http://host:8080/x",
    ":", ": value", "key: 'unterminated", "key: \"unterminated", "#", "- # comment only", "key:\t value",
    "a:b: c", "- - nested", "key: &anchor", "  \t  mixed: indent",
  ]

  func testAnASCIILineReadsAsItsCharactersDo() {
    for line in lines {
      var bytes = Array(line.utf8)
      let byBytes = bytes.withUnsafeMutableBufferPointer { YAMLLineScanner.parts(of: UnsafeBufferPointer($0)) }
      let byCharacters = YAMLLineScanner.parts(of: Substring(line))
      XCTAssertEqual(byBytes.indentCount, byCharacters.indentCount, line)
      XCTAssertEqual(byBytes.width, byCharacters.width, line)
      XCTAssertEqual(byBytes.hasTab, byCharacters.hasTab, line)
      XCTAssertEqual(byBytes.body, byCharacters.body, line)
    }
  }

  func testAManifestWithCRLFAndAStrayCarriageReturnScansAsLines() {
    let scanned = YAMLLineScanner.scan("a: 1\r\nb: 2\r\r\n\r\nc: 3\r", file: "manifest.yaml")
    XCTAssertEqual(scanned.problems, [])
    XCTAssertEqual(
      scanned.lines,
      [
        YAMLLine(number: 1, indent: 0, body: .entry(key: "a", value: "1")),
        YAMLLine(number: 2, indent: 0, body: .entry(key: "b", value: "2")),
        YAMLLine(number: 4, indent: 0, body: .entry(key: "c", value: "3")),
      ])
  }

  func testACombiningMarkStaysPartOfTheCharacterItMarks() {
    // ":" followed by U+0301 is one character, not a key-ending colon: the line is refused, as
    // it was when every line was read by characters.
    let scanned = YAMLLineScanner.scan("key:\u{301} value\n", file: "manifest.yaml")
    XCTAssertEqual(scanned.lines, [])
    XCTAssertEqual(scanned.problems.count, 1)
  }
}
