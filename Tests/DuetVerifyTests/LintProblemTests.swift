import XCTest

@testable import DuetVerify

final class LintProblemTests: XCTestCase {
  /// A file name is read from the folder, so a hostile one is shown escaped, on the problem's line.
  func testAFileNamedWithALineBreakIsShownEscapedOnOneLine() {
    let problem = LintProblem(
      file: "fixtures/evil\n::error::forged\u{202E}.json", line: 3, message: "is not canonical.")
    XCTAssertEqual(problem.description, #"fixtures/evil\n::error::forged\u{202E}.json:3: is not canonical."#)
  }
}
