import Foundation
import XCTest

@testable import DuetVerify

/// The progress line draws counts on stderr once its delay has passed, and erases itself at the end.
final class ProgressLineTests: XCTestCase {
  final class Written: @unchecked Sendable {
    let lock = NSLock()
    var texts: [String] = []
    let drawn: XCTestExpectation
    init(_ drawn: XCTestExpectation) { self.drawn = drawn }
    func add(_ text: String) {
      let first = lock.withLock {
        texts.append(text)
        return texts.count == 1
      }
      if first { drawn.fulfill() }
    }
  }

  func testItDrawsTheCountAndErasesItself() {
    let written = Written(expectation(description: "drawn"))
    let progress = ProgressLine(total: 4, delay: 0) { written.add($0) }
    progress.advance()
    wait(for: [written.drawn], timeout: 5)
    progress.finish()
    let texts = written.lock.withLock { written.texts }
    XCTAssertTrue(texts.first?.hasSuffix("fixtures…") ?? false, "\(texts)")
    XCTAssertTrue(texts.first?.contains("/4 fixtures") ?? false, "\(texts)")
    XCTAssertEqual(texts.last, "\r\u{1B}[2K")
  }

  func testAShortRunDrawsNothing() {
    var texts: [String] = []
    let progress = ProgressLine(total: 4, delay: 3600) { texts.append($0) }
    progress.finish()
    XCTAssertEqual(texts, [])
  }
}
