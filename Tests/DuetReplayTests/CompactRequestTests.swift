import DemoFeatures
import DuetCore
import XCTest

@testable import DuetReplay

/// A compact canonical `reduce` line is decoded in place, without the parser's tree. That reading
/// is only a shortcut: every line must get the answer the tree reading gives, byte for byte, and
/// every line outside the shortcut's subset (the hostile ones the parser refuses included) must be
/// left to the tree reading, so it is refused the same way, with the same message.
final class CompactRequestTests: XCTestCase {
  let server = ReplayServer(registry: demoRegistry)

  /// Canonical compact requests of every demo feature: each action shape (a bare case, an
  /// unlabelled payload, a labelled one), effects and none, edge integers.
  let canonical = [
    #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
    #"{"action":{"case":"decrement"},"feature":"counter","op":"reduce","state":{"count":-5,"isAutoIncrementing":true}}"#,
    #"{"action":{"case":"tick"},"feature":"counter","op":"reduce","state":{"count":0,"isAutoIncrementing":true}}"#,
    #"{"action":{"case":"toggleAutoIncrement"},"feature":"counter","op":"reduce","state":{"count":7,"isAutoIncrementing":false}}"#,
    #"{"action":{"case":"toggleAutoIncrement"},"feature":"counter","op":"reduce","state":{"count":7,"isAutoIncrementing":true}}"#,
    #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":999999999999999999,"isAutoIncrementing":false}}"#,
    #"{"action":{"case":"dim","value":40},"feature":"lamp","op":"reduce","state":{"brightness":10,"on":true}}"#,
    #"{"action":{"case":"toggle"},"feature":"lamp","op":"reduce","state":{"brightness":10,"on":false}}"#,
    #"{"action":{"case":"scheduleOff"},"feature":"lamp","op":"reduce","state":{"brightness":10,"on":true}}"#,
    #"{"action":{"case":"fire"},"feature":"ping","op":"reduce","state":{"sent":2}}"#,
    #"{"action":{"case":"pingFired","value":{"count":3}},"feature":"pong","op":"reduce","state":{"received":1}}"#,
    #"{"action":{"case":"increment"},"extra":[1,{"a":null}],"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
  ]

  /// Lines outside the subset, or whose decoding fails: hostile inputs the parser refuses (deep
  /// nesting, invalid UTF-8, duplicate keys, numbers too large), and requests the decoder refuses.
  var outside: [[UInt8]] {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    var lines = [
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"count":2}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","op":"exit","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment","case":"tick"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false,"nested":"#
        + deep + "}}",
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":123456789012345678901234567890,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":9223372036854775807,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1.0,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1e3,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":-0,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":01,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":1}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false,"more":true}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"isAutoIncrementing":false,"count":1}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":[1]}"#,
      #"{"action":{"case":"jump"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"value":1},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment","other":1},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment","value":1},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":1},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":"increment","feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"dim"},"feature":"lamp","op":"reduce","state":{"brightness":10,"on":true}}"#,
      #"{"action":{"case":"dim","value":"bright"},"feature":"lamp","op":"reduce","state":{"brightness":10,"on":true}}"#,
      #"{"action":{"case":"pingFired","value":{"count":3,"extra":1}},"feature":"pong","op":"reduce","state":{"received":1}}"#,
      #"{"action":{"case":"pingFired","value":3},"feature":"pong","op":"reduce","state":{"received":1}}"#,
      #"{"action":{"case":"increment"},"feature":"nobody","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"count","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counters","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduces","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce"}"#,
      #"{"action":{"case":"increment"},"feature":7,"op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}} "#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}x"#,
      #"{"action":{"case":"increment"}, "feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"incr\u0065ment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false}"#,
      #"{"action":{"case":"increment"},"feature":"counter","op":"exit","state":{"count":1,"isAutoIncrementing":false}}"#,
      #"{"feature":"counter","op":"scenarios"}"#,
      #"{"op":"exit"}"#,
      "{}",
      "",
    ].map { Array($0.utf8) }
    // Invalid UTF-8 inside a string the decoder would otherwise read.
    var invalid = Array(
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false,"x":"#
        .utf8)
    invalid += [0x22, 0xC3, 0x28, 0x22, 0x7D, 0x7D]
    lines.append(invalid)
    let nonASCII = #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"é":false}}"#
    lines.append(Array(nonASCII.utf8))
    return lines
  }

  /// The reply the tree reading alone gives.
  func treeReply(_ line: [UInt8]) -> ReplayReply {
    switch server.treeAnswer(line) {
    case .reduced(let step): return .line(ReplayEnvelope.reduced(step))
    case .reply(let reply): return reply
    }
  }

  func testACanonicalReduceIsDecodedInPlaceAndAnsweredAsTheTreeReadingAnswersIt() {
    for line in canonical {
      let bytes = Array(line.utf8)
      XCTAssertNotNil(server.compactStep(bytes), "the compact reading declined \(line)")
      XCTAssertEqual(server.respond(to: bytes), treeReply(bytes), line)
    }
  }

  func testALineOutsideTheCompactSubsetIsLeftToTheTreeReadingAndRefusedWithItsMessage() {
    for line in outside {
      let text = String(decoding: line, as: UTF8.self)
      XCTAssertNil(server.compactStep(line), "the compact reading answered \(text)")
      XCTAssertEqual(server.respond(to: line), treeReply(line), text)
    }
  }

  func testAStateDecodedInPlaceIsDecodedAgainCorrectlyByTheNextRequest() {
    // The key memory is shared by every request: a refused key must not make a later one pass.
    let refused = Array(
      #"{"action":{"case":"increment"},"feature":"counter","op":"reduce","state":{"count":1,"isAutoIncrementing":false,"more":true}}"#
        .utf8)
    let accepted = Array(canonical[0].utf8)
    for _ in 0..<3 {
      XCTAssertNil(server.compactStep(refused))
      XCTAssertEqual(
        server.respond(to: accepted),
        .line(#"{"effects":"[]","state":"{\"count\":2,\"isAutoIncrementing\":false}"}"#))
    }
  }

  /// `serve` writes a compact request's reply straight from the values' bytes into its buffer;
  /// each line it writes must be the one `respond(to:)` gives (the tree reading's, above).
  func testServeWritesEachCompactReplyAsTheTreeReadingAnswersIt() throws {
    // Every line but those that end the conversation.
    let lines = (canonical.map { Array($0.utf8) } + outside).filter { treeReply($0) != .exit }
    var expected = [server.handshakeLine]
    for line in lines {
      if case .line(let text) = treeReply(line) { expected.append(text) }
    }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    for line in lines { stdin.fileHandleForWriting.write(Data(line + [0x0A])) }
    try stdin.fileHandleForWriting.close()
    let status = server.serve(
      input: stdin.fileHandleForReading, output: stdout.fileHandleForWriting,
      diagnostics: stderr.fileHandleForWriting)
    try stdout.fileHandleForWriting.close()
    let written = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(written, expected.map { $0 + "\n" }.joined())
  }
}
