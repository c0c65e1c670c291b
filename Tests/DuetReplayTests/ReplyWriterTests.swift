import DuetCore
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

  struct Note: Codable, Equatable, Sendable {
    var text: String
    var ratio: Double?
  }

  /// A step's reply written from its values (`TypedReduction.runCompact`'s way) is the envelope
  /// of the canonical encoder's strings; a value the encoder refuses leaves nothing queued.
  func testAReplyWrittenFromValuesIsTheEnvelopeOfTheEncodersStrings() throws {
    let encoder = CanonicalEncoder()
    let pipe = Pipe()
    let writer = ReplyWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor)
    var expected = ""
    for text in ["plain", "q\"b\\c", "tab\there\nline\r\u{01}\u{1F}", "é€😀", "6F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9"] {
      let state = Note(text: text)
      for effects in [[], [Effect<Note>.run(state, id: text), .cancel(id: text)]] {
        let queued = writer.count
        XCTAssertEqual(writer.beginReduced(), queued)
        if effects.isEmpty { writer.appendNoEffects() } else { XCTAssertTrue(writer.appendEncoded(effects)) }
        writer.beginState()
        XCTAssertTrue(writer.appendEncoded(state))
        writer.endReduced()
        let step = ReplayStep(
          state: try encoder.compact(state), effects: effects.isEmpty ? "[]" : try encoder.compact(effects))
        expected += ReplayEnvelope.reduced(step) + "\n"
      }
    }
    let before = writer.count
    let mark = writer.beginReduced()
    XCTAssertFalse(writer.appendEncoded(Note(text: "x", ratio: 0.5)))
    writer.rollBack(to: mark)
    XCTAssertEqual(writer.count, before)
    writer.flush()
    try pipe.fileHandleForWriting.close()
    let written = pipe.fileHandleForReading.readDataToEndOfFile()
    XCTAssertEqual(String(decoding: written, as: UTF8.self), expected)
  }
}
