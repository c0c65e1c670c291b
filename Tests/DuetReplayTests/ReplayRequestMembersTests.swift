import DemoFeatures
import DuetReplay
import XCTest

/// The request line is read as a member list, not a dictionary: it must stay exactly as strict and
/// as order-blind as the tree it replaced.
final class ReplayRequestMembersTests: XCTestCase {
  let server = ReplayServer(registry: demoRegistry)

  func reply(_ line: String) -> ReplayReply {
    server.respond(to: Array(line.utf8))
  }

  let reduced = ReplayReply.line(#"{"effects":"[]","state":"{\"count\":2,\"isAutoIncrementing\":false}"}"#)

  func testMemberOrderAndSurroundingWhitespaceDoNotMatter() {
    XCTAssertEqual(
      reply(
        #"  {"state":{"isAutoIncrementing":false,"count":1},"action":{"case":"increment"},"feature":"counter","op":"reduce"} "#
      ),
      reduced)
  }

  func testEscapedKeysAndValuesAreReadUnescaped() {
    XCTAssertEqual(
      reply(
        #"{"\u006fp":"r\u0065duce","feature":"coun\u0074er","state":{"count":1,"isAutoIncrementing":false},"action":{"case":"increment"}}"#
      ),
      reduced)
  }

  func testADuplicateRequestKeyIsMalformed() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"counter","state":{"count":1,"isAutoIncrementing":false},"action":{"case":"increment"},"op":"exit"}"#
      ),
      .line(#"{"error":"malformed request line"}"#))
  }

  func testADuplicateKeyInsideTheStateIsMalformed() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"counter","state":{"count":1,"count":2},"action":{"case":"increment"}}"#),
      .line(#"{"error":"malformed request line"}"#))
  }

  func testBytesAfterTheRequestObjectAreMalformed() {
    XCTAssertEqual(reply(#"{"op":"exit"} {"op":"exit"}"#), .line(#"{"error":"malformed request line"}"#))
  }

  func testAnOpThatIsNotAStringIsMalformed() {
    XCTAssertEqual(reply(#"{"op":["reduce"]}"#), .line(#"{"error":"malformed request line"}"#))
  }
}
