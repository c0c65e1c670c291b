import DuetCore
import Foundation
import XCTest

@testable import DuetVerify

/// The JSON-RPC framing of `duet-verify mcp`, in-process: one reply line per request, none for a
/// notification, and each of the protocol's error codes for what earns it.
final class MCPServerTests: XCTestCase {
  let server = MCPServer(
    executable: URL(fileURLWithPath: "/nonexistent/duet-verify"), folder: URL(fileURLWithPath: "/"),
    environment: [:], version: "9.9.9")

  /// The reply to `line`, parsed; fails when there is none.
  func reply(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws -> JSONValue {
    let text = try XCTUnwrap(server.reply(to: line), "no reply to \(line)", file: file, line: lineNumber)
    XCTAssertFalse(text.contains("\n"), "a reply is one line: \(text)", file: file, line: lineNumber)
    return try JSONParser().parse(text)
  }

  func errorCode(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws -> Int64? {
    let answer = try reply(line, file: file, lineNumber: lineNumber)
    XCTAssertEqual(answer["jsonrpc"], .string("2.0"), file: file, line: lineNumber)
    XCTAssertNil(answer["result"], file: file, line: lineNumber)
    XCTAssertNotNil(answer["error"]?["message"]?.stringValue, file: file, line: lineNumber)
    return answer["error"]?["code"]?.integerValue
  }

  func testMalformedLineAnswersParseErrorWithNullID() throws {
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"ping""#), -32700)
    XCTAssertEqual(try reply("not json")["id"], .null)
  }

  func testBatchIsRefusedAsAnInvalidRequest() throws {
    let answer = try reply(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
    XCTAssertEqual(answer["error"]?["code"], .integer(-32600))
    XCTAssertEqual(answer["id"], .null)
    XCTAssertTrue(answer["error"]?["message"]?.stringValue?.contains("batches are not supported") == true)
  }

  func testRequestThatIsNotARequestObjectIsInvalid() throws {
    XCTAssertEqual(try errorCode("42"), -32600)
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#), -32600)
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":1}"#), -32600)
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":[1],"method":"ping"}"#), -32600)
  }

  func testUnknownMethodAnswersMethodNotFoundWithItsID() throws {
    let answer = try reply(#"{"jsonrpc":"2.0","id":"a-7","method":"resources/list"}"#)
    XCTAssertEqual(answer["error"]?["code"], .integer(-32601))
    XCTAssertEqual(answer["id"], .string("a-7"))
  }

  func testBadParamsAnswerInvalidParams() throws {
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#), -32602)
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}"#), -32602)
    XCTAssertEqual(try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#), -32602)
    XCTAssertEqual(
      try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy"}}"#), -32602)
    XCTAssertEqual(
      try errorCode(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":3}}"#),
      -32602)
  }

  func testNotificationGetsNoReplyEvenWhenWrong() {
    XCTAssertNil(server.reply(to: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#))
    XCTAssertNil(server.reply(to: #"{"jsonrpc":"2.0","method":"no/such/method"}"#))
    XCTAssertNil(server.reply(to: #"{"jsonrpc":"2.0","method":"initialize","params":{}}"#))
    XCTAssertNil(server.reply(to: #"{"jsonrpc":"2.0","id":5,"result":{}}"#), "a response is not answered")
    XCTAssertNil(server.reply(to: "   "))
  }

  func testInitializeEchoesASupportedVersionAndDeclaresTools() throws {
    let answer = try reply(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#)
    XCTAssertEqual(answer["id"], .integer(0))
    XCTAssertEqual(answer["result"]?["protocolVersion"], .string("2025-06-18"))
    XCTAssertEqual(answer["result"]?["capabilities"], .object(["tools": .object([:])]))
    XCTAssertEqual(answer["result"]?["serverInfo"]?["name"], .string("duet-verify"))
    XCTAssertEqual(answer["result"]?["serverInfo"]?["version"], .string("9.9.9"))
  }

  func testInitializeWithAnUnknownVersionIsAnsweredWithTheNewest() throws {
    let answer = try reply(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01"}}"#)
    XCTAssertEqual(answer["result"]?["protocolVersion"], .string(MCPServer.protocolVersions[0]))
  }

  func testPingAnswersAnEmptyResult() throws {
    XCTAssertEqual(try reply(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)["result"], .object([:]))
  }

  func testToolsListNamesEveryVerbToolWithAnObjectSchema() throws {
    let tools = try XCTUnwrap(
      try reply(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)["result"]?["tools"]?.arrayValue)
    XCTAssertEqual(
      tools.compactMap { $0["name"]?.stringValue },
      ["verify", "lint", "explain", "record_check", "materialize", "coverage", "mutate"])
    for tool in tools {
      XCTAssertEqual(tool["inputSchema"]?["type"], .string("object"))
      XCTAssertNotNil(tool["description"]?.stringValue)
    }
    let verify = try XCTUnwrap(tools.first)["inputSchema"]?["properties"]
    for name in ["manifest", "feature", "runner", "jobs", "timeout", "shard"] {
      XCTAssertNotNil(verify?[name]?["type"], "verify takes \(name)")
    }
  }

  func testAnExecutableThatCannotStartIsAnInternalError() throws {
    XCTAssertEqual(
      try errorCode(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"lint"}}"#), -32603)
  }

  func testArgumentsThatDoNotFitAreAToolErrorNotAProtocolError() throws {
    for arguments in [#"{"jobs":"two"}"#, #"{"colour":true}"#] {
      let answer = try reply(
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"verify","arguments":\#(arguments)}}"#)
      XCTAssertNil(answer["error"])
      XCTAssertEqual(answer["result"]?["isError"], .bool(true), "\(arguments)")
      XCTAssertNotNil(answer["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue)
    }
  }
}
