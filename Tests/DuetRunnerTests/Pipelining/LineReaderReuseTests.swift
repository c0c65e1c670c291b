import DuetCore
import DuetPlatform
import XCTest

@testable import DuetRunner

/// The reader hands out each reply line in an array whose room it reuses for the next line once
/// the taker let go of it: a line still held keeps its bytes, and every line read is exactly its
/// bytes, whatever the length of the line before it.
final class LineReaderReuseTests: XCTestCase {
  /// A reader over a pipe holding `text`, its write end closed.
  func reader(_ text: [UInt8]) throws -> LineReader {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let descriptors = (read: ends[0], write: ends[1])
    addTeardownBlock { closeDescriptor(descriptors.read) }
    _ = fcntl(descriptors.read, F_SETFL, fcntl(descriptors.read, F_GETFL) | O_NONBLOCK)
    // Written from a thread: a long text fills the pipe before the reader starts reading.
    SystemThread.start(name: "writer") {
      text.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(descriptors.write, bytes.baseAddress! + offset, bytes.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      closeDescriptor(descriptors.write)
    }
    return LineReader(fd: descriptors.read, limit: 1 << 20)
  }

  func line(_ reader: inout LineReader) -> [UInt8]? {
    if case .line(let line) = reader.next(deadline: Deadline(after: 10)) { return line }
    return nil
  }

  func testALineStillHeldKeepsItsBytesWhenTheNextIsRead() throws {
    var reader = try reader(Array("first line\nsecond\nthird, longer than both\n".utf8))
    let first = line(&reader)
    let second = line(&reader)
    let third = line(&reader)
    XCTAssertEqual(first.map { String(decoding: $0, as: UTF8.self) }, "first line")
    XCTAssertEqual(second.map { String(decoding: $0, as: UTF8.self) }, "second")
    XCTAssertEqual(third.map { String(decoding: $0, as: UTF8.self) }, "third, longer than both")
  }

  func testLinesLetGoOfOneByOneAreEachExactlyTheirBytes() throws {
    let lines = ["a long reply line with some bytes", "", "b", String(repeating: "x", count: 70_000), "short", "c"]
    var reader = try reader(Array((lines.joined(separator: "\n") + "\n").utf8))
    for expected in lines {
      // Each line is dropped before the next is read, so its room is reused (the long one has its own).
      XCTAssertEqual(line(&reader).map { String(decoding: $0, as: UTF8.self) }, expected)
    }
    XCTAssertEqual(reader.next(deadline: Deadline(after: 10)), .endOfFile)
  }

  /// Thousands of lines of every length up to 96 bytes, more than several reads hold, asked for as
  /// the slot asks (whether one is waiting, then the line): lines cut by a read's end are completed
  /// by the next read, wherever the reader moved their first part to.
  func testLinesCutByReadsAreEachExactlyTheirBytes() throws {
    let lines = (0..<6_000).map { index in
      String(repeating: String(UnicodeScalar(UInt8(97 + index % 26))), count: index % 97)
    }
    var reader = try reader(Array((lines.joined(separator: "\n") + "\n").utf8))
    var read: [String] = []
    for _ in lines {
      _ = reader.hasBufferedLine()
      guard let next = line(&reader) else { break }
      read.append(String(decoding: next, as: UTF8.self))
    }
    XCTAssertEqual(read.count, lines.count)
    XCTAssertTrue(read == lines, "the first line that differs: \(read.indices.first { read[$0] != lines[$0] } ?? -1)")
    XCTAssertEqual(reader.next(deadline: Deadline(after: 10)), .endOfFile)
  }
}
