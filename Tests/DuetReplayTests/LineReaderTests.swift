import XCTest

@testable import DuetReplay

/// The chunked line splitter under the server's read loop.
final class LineReaderTests: XCTestCase {
  /// A reader over `text`, handing out at most `chunk` bytes per read.
  func reader(_ text: String, chunk: Int, limit: Int = 1 << 20) -> LineReader {
    var remaining = Array(text.utf8)[...]
    return LineReader(maximumLineLength: limit) { buffer in
      let count = min(chunk, buffer.count, remaining.count)
      for offset in 0..<count { buffer[offset] = remaining[remaining.startIndex + offset] }
      remaining = remaining.dropFirst(count)
      return count
    }
  }

  func lines(_ reader: inout LineReader) -> [String] {
    var result: [String] = []
    while true {
      switch reader.next() {
      case .end: return result
      case .tooLong: result.append("<too long>")
      case .line(let bytes): result.append(String(decoding: bytes, as: UTF8.self))
      }
    }
  }

  func testLinesSplitAcrossReadsAreReassembled() {
    var reader = reader("{\"op\":\"exit\"}\nsecond line\n", chunk: 1)
    XCTAssertEqual(lines(&reader), ["{\"op\":\"exit\"}", "second line"])
  }

  func testCarriageReturnBeforeNewlineIsDropped() {
    var reader = reader("a\r\nb\n", chunk: 64)
    XCTAssertEqual(lines(&reader), ["a", "b"])
  }

  func testFinalLineWithoutNewlineIsStillALine() {
    var reader = reader("a\nlast", chunk: 3)
    XCTAssertEqual(lines(&reader), ["a", "last"])
  }

  func testEmptyLinesAreReturnedAsEmpty() {
    var reader = reader("\n\na\n", chunk: 2)
    XCTAssertEqual(lines(&reader), ["", "", "a"])
  }

  func testALineOverTheLimitIsSkippedToItsNewline() {
    var reader = reader("short\n" + String(repeating: "x", count: 100) + "\nafter\n", chunk: 7, limit: 10)
    XCTAssertEqual(lines(&reader), ["short", "<too long>", "after"])
  }

  func testAnOverlongLastLineWithoutNewlineIsReported() {
    var reader = reader(String(repeating: "x", count: 50), chunk: 7, limit: 10)
    XCTAssertEqual(lines(&reader), ["<too long>"])
  }
}
