import DemoFeatures
import DuetReplay
import Foundation
import XCTest

/// `serve(input:output:diagnostics:)` in-process, over pipes: the byte plumbing around `respond`.
final class ReplayServerServeTests: XCTestCase {
  struct Session {
    var status: Int32
    var stdout: [String]
    var stderr: String
  }

  /// Feeds `input` (then EOF) to a server and collects what it wrote.
  func serve(_ registry: ReplayRegistry, input: String) throws -> Session {
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let status = ReplayServer(registry: registry).serve(
      input: stdin.fileHandleForReading, output: stdout.fileHandleForWriting,
      diagnostics: stderr.fileHandleForWriting)
    try stdout.fileHandleForWriting.close()
    try stderr.fileHandleForWriting.close()
    let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    var lines = out.components(separatedBy: "\n")
    XCTAssertEqual(lines.last, "", "every line the server writes ends with a newline")
    lines.removeLast()
    return Session(status: status, stdout: lines, stderr: err)
  }

  func testHandshakeComesFirstThenOneReplyPerRequestInOrder() throws {
    let session = try serve(
      demoRegistry,
      input: """
        {"op":"reduce","feature":"ping","state":{"sent":0},"action":{"case":"fire"}}
        {"op":"nope"}

        {"op":"reduce","feature":"pong","state":{"received":0},"action":{"case":"pingFired","value":{"count":1}}}

        """)
    XCTAssertEqual(session.status, 0)
    XCTAssertEqual(
      session.stdout,
      [
        ReplayServer(registry: demoRegistry).handshakeLine,
        #"{"effects":"[{\"kind\":\"run\",\"payload\":{\"case\":\"notifyListener\",\"value\":{\"count\":1}}}]","state":"{\"sent\":1}"}"#,
        #"{"error":"unknown op 'nope'"}"#,
        #"{"effects":"[]","state":"{\"received\":1}"}"#,
      ])
    XCTAssertEqual(session.stderr, "")
  }

  func testExitStopsServingWithoutAReply() throws {
    let session = try serve(demoRegistry, input: "{\"op\":\"exit\"}\n{\"op\":\"nope\"}\n")
    XCTAssertEqual(session.status, 0)
    XCTAssertEqual(session.stdout.count, 1, "only the handshake")
  }

  func testEndOfInputExitsCleanly() throws {
    let session = try serve(demoRegistry, input: "")
    XCTAssertEqual(session.status, 0)
    XCTAssertEqual(session.stdout, [ReplayServer(registry: demoRegistry).handshakeLine])
  }

  func testARegistryWithDuplicateFeaturesRefusesToStart() throws {
    let counter = ReplayFeature.entry("counter", CounterState.self, CounterAction.self) { counterReducer(&$0, $1) }
    let session = try serve(ReplayRegistry([counter, counter]), input: "")
    XCTAssertEqual(session.status, 2)
    XCTAssertEqual(session.stdout, [], "no handshake from a registry that cannot be served")
    XCTAssertEqual(
      session.stderr,
      "replay runner: feature 'counter' is registered 2 times; each feature name may appear once in a ReplayRegistry, so remove or rename the extra entries\n"
    )
  }
}
