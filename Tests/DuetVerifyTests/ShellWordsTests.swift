import XCTest

@testable import DuetVerify

/// `--runner CMD` is split into words the way a shell splits a simple command, without a shell.
final class ShellWordsTests: XCTestCase {
  func testShellWordsSplitLikeAShell() throws {
    XCTAssertEqual(try ShellWords.split("java -jar build/runner.jar"), ["java", "-jar", "build/runner.jar"])
    XCTAssertEqual(try ShellWords.split("  a   'b c'  \"d \\\"e\\\"\" f\\ g "), ["a", "b c", "d \"e\"", "f g"])
    XCTAssertEqual(try ShellWords.split("'' x"), ["", "x"])
    XCTAssertEqual(try ShellWords.split("\"$HOME\""), ["$HOME"])
  }

  func testAnUnterminatedQuoteIsAnError() {
    XCTAssertThrowsError(try ShellWords.split("run 'this")) { error in
      XCTAssertEqual("\(error)", "the runner command has an unterminated single quote: run 'this")
    }
  }
}
