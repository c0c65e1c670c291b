import DuetCore
import TestSupport
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

/// The `scenarios` op through the built runner, started where a verifier would start it.
final class DemoRunnerScenariosTests: XCTestCase {
  func testScenarioSourcesAreRelativeToTheRepositoryEvenFromAnotherDirectory() throws {
    let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let runner = try RunnerProcess(
      executable: try BuiltProducts.executable(named: "demo-runner"), workingDirectory: elsewhere)
    _ = runner.readLine()
    runner.send(#"{"op":"scenarios","feature":"lamp"}"#)
    let response = try JSONParser().parse(try XCTUnwrap(runner.readLine()))
    let fixtures = try XCTUnwrap(response["fixtures"]?.arrayValue)
    XCTAssertEqual(fixtures.map { $0["name"]?.stringValue }, ["lamp.dimmed-evening", "lamp.timed-off"])
    XCTAssertEqual(
      fixtures.first?["document"]?["scenario"]?["source"], .string("Sources/DemoFeatures/Lamp/LampScenario.swift"))
    runner.send(#"{"op":"exit"}"#)
    XCTAssertEqual(runner.waitForExit(), 0)
  }

  func testAChainCompilesThroughTheBuiltRunner() throws {
    let runner = try RunnerProcess(executable: try BuiltProducts.executable(named: "demo-runner"))
    _ = runner.readLine()
    runner.send(#"{"op":"scenarios","chain":"chain-ping-pong"}"#)
    let response = try JSONParser().parse(try XCTUnwrap(runner.readLine()))
    let steps = try XCTUnwrap(response["fixtures"]?.arrayValue?.first?["document"]?["steps"]?.arrayValue)
    XCTAssertEqual(steps.map { $0["node"]?.stringValue }, ["ping", "pong", "ping"])
    XCTAssertEqual(steps.first?["linkToNext"], .bool(true))
    runner.closeInput()
    XCTAssertEqual(runner.waitForExit(), 0)
  }
}

/// What the built runner does when its reader goes away.
final class DemoRunnerClosedOutputTests: XCTestCase {
  func testAClosedStdoutEndsTheRunnerWithASentenceNotASignal() throws {
    let runner = try RunnerProcess(executable: try BuiltProducts.executable(named: "demo-runner"))
    _ = runner.readLine()
    try runner.stdout.fileHandleForReading.close()
    runner.send(#"{"op":"reduce","feature":"ping","state":{"sent":0},"action":{"case":"fire"}}"#)
    runner.closeInput()
    XCTAssertEqual(runner.waitForExit(), 1)
    XCTAssertEqual(runner.process.terminationReason, .exit)
    XCTAssertEqual(runner.diagnostics(), "replay runner: stdout was closed; exiting\n")
  }
}
