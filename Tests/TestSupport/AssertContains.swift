import XCTest

/// Asserts that `text` (a command's output, a rendered report) contains `part`, and shows all of
/// `text` when it does not: the one assertion most output specifications make.
public func assertContains(_ text: String, _ part: String, file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertTrue(text.contains(part), text, file: file, line: line)
}
