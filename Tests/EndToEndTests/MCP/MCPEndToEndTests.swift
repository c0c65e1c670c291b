import DuetCore
import Foundation
import TestSupport
import XCTest

/// `duet-verify mcp` as an agent client sees it: the built executable on a temporary repository,
/// spoken to over stdio by raw JSON-RPC lines and by the official MCP Python SDK (Tests/EndToEndTests/MCP/client.py).
final class MCPEndToEndTests: XCTestCase {
  func demoRunner() throws -> String { try BuiltProducts.executable(named: "demo-runner").path }

  /// Runs `duet-verify mcp` in `repository` with `lines` on its standard input, then end of input.
  func serve(_ lines: [String], in repository: TemporaryRepository) throws -> CommandRun {
    let executable = try BuiltProducts.executable(named: "duet-verify")
    let (process, out, error) = CommandRun.prepare(executable, ["mcp"], in: repository.root)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    try input.fileHandleForWriting.close()
    let (outText, errorText) = CommandRun.drain(out, error)
    process.waitUntilExit()
    return CommandRun(code: process.terminationStatus, out: outText, error: errorText)
  }

  func testStandardOutputCarriesOnlyOneReplyPerRequestInOrder() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try serve(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint","arguments":{}}}"#,
        "{oops",
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"verify","arguments":{"runner":["\#(try demoRunner())"]}}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"verify","arguments":{"jobs":0}}}"#,
      ], in: repository)
    XCTAssertEqual(run.code, 0, run.error)
    let replies = try run.out.split(separator: "\n").map { try JSONParser().parse(String($0)) }
    XCTAssertEqual(replies.map { $0["id"] }, [.integer(1), .integer(2), .null, .integer(3), .integer(4)], run.out)
    guard replies.count == 5 else { return }
    XCTAssertEqual(replies[0]["result"]?["protocolVersion"], .string("2025-06-18"))
    let lint = try XCTUnwrap(replies[1]["result"])
    XCTAssertEqual(lint["isError"], .bool(false))
    XCTAssertEqual(lint["structuredContent"]?["passed"], .bool(true))
    XCTAssertEqual(lint["content"]?.arrayValue?.first?["text"], .string("duet-verify lint: OK"))
    XCTAssertEqual(replies[2]["error"]?["code"], .integer(-32700))
    let verify = try XCTUnwrap(replies[3]["result"])
    XCTAssertEqual(verify["content"]?.arrayValue?.first?["text"], .string("duet-verify verify: OK"))
    XCTAssertEqual(verify["structuredContent"]?["summary"]?["verdict"], .string("pass"), run.out)
    let textJSON = try XCTUnwrap(verify["content"]?.arrayValue?[1]["text"]?.stringValue)
    XCTAssertEqual(try JSONParser().parse(textJSON), verify["structuredContent"], "the text item is the same JSON")
    let refused = try XCTUnwrap(replies[4]["result"])
    XCTAssertEqual(refused["isError"], .bool(true), "a usage error is a tool error")
    assertContains(String(run.out.split(separator: "\n")[4]), "--jobs")
  }

  func testFailingVerdictIsAnAnswerAndExplainReturnsItsText() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit("fixtures/counter.fixture.json", replacing: "\"count\": 1,", with: "\"count\": 9,")
    let runner = try demoRunner()
    let run = try serve(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"verify","arguments":{"runner":"\#(runner)"}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"explain","arguments":{"target":"counter#0","runner":["\#(runner)"]}}}"#,
      ], in: repository)
    let replies = try run.out.split(separator: "\n").map { try JSONParser().parse(String($0)) }
    XCTAssertEqual(replies.count, 2, run.out + run.error)
    guard replies.count == 2 else { return }
    let verify = try XCTUnwrap(replies[0]["result"])
    XCTAssertEqual(verify["isError"], .bool(false), "a FAIL verdict is an answer: \(run.out)")
    XCTAssertEqual(verify["content"]?.arrayValue?.first?["text"], .string("duet-verify verify: FAIL"))
    XCTAssertEqual(verify["structuredContent"]?["summary"]?["failed"], .array([.string("counter")]), run.out)
    let explain = try XCTUnwrap(replies[1]["result"])
    XCTAssertEqual(explain["isError"], .bool(false), run.out)
    XCTAssertEqual(explain["content"]?.arrayValue?.first?["text"], .string("duet-verify explain: FAIL"))
    XCTAssertEqual(explain["structuredContent"]?["exitCode"], .integer(1))
    assertContains(explain["structuredContent"]?["output"]?.stringValue ?? "", "fixture 'counter' step 0")
  }

  func testTheMutateToolRunsTheVerbAndARefusalIsAToolErrorWithItsSentence() throws {
    // The counter corpus names no replayRunner package: mutate refuses with exit 2, before any build.
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let run = try serve(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"mutate","arguments":{"tableOnly":true,"minScore":80}}}"#
      ], in: repository)
    let reply = try JSONParser().parse(run.out.trimmingCharacters(in: .newlines))
    XCTAssertNil(reply["error"], run.out)
    let result = try XCTUnwrap(reply["result"], run.out)
    XCTAssertEqual(result["isError"], .bool(true), run.out)
    let first = try XCTUnwrap(result["content"]?.arrayValue?.first?["text"]?.stringValue, run.out)
    XCTAssertTrue(first.hasPrefix("duet-verify mutate: not run (exit 2): "), first)
    assertContains(first, "names no replayRunner package, and mutate needs")
  }

  func testOfficialPythonSDKListsToolsAndCallsLintAndVerify() throws {
    let python = URL(fileURLWithPath: "/usr/bin/env")
    let probe = try CommandRun.run(python, ["python3", "-c", "import mcp"], in: FileManager.default.temporaryDirectory)
    guard probe.code == 0 else {
      throw XCTSkip("the MCP Python SDK is not installed (python3 -m pip install mcp): \(probe.error.suffix(200))")
    }
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let client = SharedReference.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/MCP/client.py")
    let run = try CommandRun.run(
      python,
      [
        "python3", client.path, try BuiltProducts.executable(named: "duet-verify").path, repository.root.path,
        try demoRunner(),
      ],
      in: repository.root, deadline: 120)
    XCTAssertEqual(run.code, 0, run.all)
    let report = try JSONParser().parse(run.out.trimmingCharacters(in: .whitespacesAndNewlines))
    XCTAssertEqual(report["serverName"], .string("duet-verify"))
    XCTAssertEqual(
      report["tools"],
      .array(
        ["verify", "lint", "explain", "record_check", "materialize", "coverage", "mutate"].map(JSONValue.string)))
    XCTAssertEqual(report["verifySchema"]?["properties"]?["jobs"]?["type"], .string("integer"))
    XCTAssertEqual(report["lint"]?["isError"], .bool(false), run.out)
    XCTAssertEqual(report["lint"]?["texts"]?.arrayValue?.first, .string("duet-verify lint: OK"))
    XCTAssertEqual(report["lint"]?["structuredContent"]?["fixtures"], .integer(3))
    XCTAssertEqual(report["verify"]?["isError"], .bool(false), run.out)
    XCTAssertEqual(report["verify"]?["texts"]?.arrayValue?.first, .string("duet-verify verify: OK"))
    XCTAssertEqual(report["verify"]?["structuredContent"]?["summary"]?["verdict"], .string("pass"), run.out)
    XCTAssertEqual(report["unknownArgument"]?["isError"], .bool(true))
    assertContains(run.out, #"lint takes no argument \"colour\""#)
  }
}
