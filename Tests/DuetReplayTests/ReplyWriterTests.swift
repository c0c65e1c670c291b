import Foundation
import XCTest

@testable import DuetReplay

/// The reply writer quotes a reduce's two strings into its own buffer; the line must be byte for
/// byte the envelope `ReplayEnvelope.reduced` builds, whatever the strings hold.
final class ReplyWriterTests: XCTestCase {
  func testAReducedLineIsQuotedExactlyAsTheEnvelopeQuotesIt() throws {
    let texts = [
      #"{"count":13,"isAutoIncrementing":true}"#, "[]", #"{"note":"a\"b\\c"}"#, "tab\there\nline\r\u{01}\u{1F}",
      "é€😀", "6F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9", "", String(repeating: "\"", count: 300),
    ]
    let pipe = Pipe()
    let writer = ReplyWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor)
    var expected = ""
    for state in texts {
      for effects in ["[]", state] {
        let step = ReplayStep(state: state, effects: effects)
        writer.append(reduced: step)
        expected += ReplayEnvelope.reduced(step) + "\n"
      }
    }
    writer.append("{\"op\":\"exit\"}")
    expected += "{\"op\":\"exit\"}\n"
    writer.flush()
    try pipe.fileHandleForWriting.close()
    let written = pipe.fileHandleForReading.readDataToEndOfFile()
    XCTAssertEqual(String(decoding: written, as: UTF8.self), expected)
    XCTAssertTrue(writer.isOpen)
  }
}
