import DuetCore
import XCTest

/// The built `demo-runner` executable, spoken to over real pipes as a verifier would.
final class DemoRunnerProcessTests: XCTestCase {
  func start() throws -> RunnerProcess {
    try RunnerProcess(executable: try BuiltProducts.executable(named: "demo-runner"))
  }

  func testHandshakeIsTheFirstLineBeforeAnyRequest() throws {
    let runner = try start()
    XCTAssertEqual(
      runner.readLine(),
      #"{"capabilities":["record"],"features":["counter","lamp","ping","pong"],"platform":"swift","protocol":"duet-replay","version":1}"#
    )
    runner.closeInput()
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testReduceRoundTripsOneStepAtATime() throws {
    let runner = try start()
    _ = runner.readLine()
    runner.send(
      #"{"op":"reduce","feature":"counter","state":{"count":0,"isAutoIncrementing":false},"action":{"case":"increment"}}"#
    )
    XCTAssertEqual(runner.readLine(), #"{"effects":"[]","state":"{\"count\":1,\"isAutoIncrementing\":false}"}"#)
    runner.send(
      #"{"op":"reduce","feature":"lamp","state":{"brightness":0,"on":true},"action":{"case":"scheduleOff"}}"#)
    XCTAssertEqual(
      runner.readLine(),
      #"{"effects":"[{\"id\":\"lamp.off\",\"kind\":\"run\",\"payload\":{\"case\":\"offTimer\"}}]","state":"{\"brightness\":0,\"on\":true}"}"#
    )
    runner.send(#"{"op":"exit"}"#)
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testEveryProtocolErrorIsOneReplyLine() throws {
    let runner = try start()
    _ = runner.readLine()
    let requests = [
      "this is not json",
      #"{"op":"reduce","feature":"counter","state":{}}"#,
      #"{"op":"reduce","feature":"splash","state":{},"action":{}}"#,
      #"{"op":"teleport"}"#,
      #"{"op":"reduce","feature":"counter","state":{"count":0,"isAutoIncrementing":false},"action":{"case":"bogus"}}"#,
    ]
    for request in requests { runner.send(request) }
    runner.closeInput()
    XCTAssertEqual(
      runner.remainingLines(),
      [
        #"{"error":"malformed request line"}"#,
        #"{"error":"reduce needs feature/state/action"}"#,
        #"{"error":"unknown feature 'splash'"}"#,
        #"{"error":"unknown op 'teleport'"}"#,
        #"{"error":"unknown case 'bogus' for CounterAction at action.case"}"#,
      ])
    XCTAssertEqual(runner.waitForExit(), 0)
    XCTAssertEqual(runner.diagnostics(), "")
  }

  func testExitEndsTheProcessWithStatusZeroAndNoReply() throws {
    let runner = try start()
    _ = runner.readLine()
    runner.send(#"{"op":"exit"}"#)
    XCTAssertEqual(runner.remainingLines(), [])
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testEndOfInputEndsTheProcessWithStatusZero() throws {
    let runner = try start()
    runner.closeInput()
    XCTAssertEqual(runner.remainingLines().count, 1, "the handshake only")
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testEveryStdoutLineIsJSON() throws {
    let runner = try start()
    runner.send(#"{"op":"reduce","feature":"ping","state":{"sent":4},"action":{"case":"fire"}}"#)
    runner.send("garbage")
    runner.closeInput()
    let lines = runner.remainingLines()
    XCTAssertEqual(lines.count, 3)
    for line in lines { XCTAssertNoThrow(try JSONParser().parse(line), line) }
    XCTAssertEqual(runner.waitForExit(), 0)
  }
}
