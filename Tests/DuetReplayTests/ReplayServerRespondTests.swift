import DemoFeatures
import DuetCore
import DuetReplay
import XCTest

/// The protocol core, in-process: one request line in, one reply out.
final class ReplayServerRespondTests: XCTestCase {
  let server = ReplayServer(registry: demoRegistry)

  func reply(_ line: String) -> ReplayReply {
    server.respond(to: Array(line.utf8))
  }

  func testHandshakeAdvertisesSortedFeaturesAndTheRecordCapability() {
    XCTAssertEqual(
      server.handshakeLine,
      #"{"capabilities":["record"],"features":["counter","lamp","ping","pong"],"platform":"swift","protocol":"duet-replay","version":1}"#
    )
  }

  func testReduceAnswersWithCompactCanonicalStateAndEffects() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"counter","state":{"count":1,"isAutoIncrementing":false},"action":{"case":"toggleAutoIncrement"}}"#
      ),
      .line(
        #"{"effects":"[{\"id\":\"counter.ticker\",\"kind\":\"run\",\"payload\":{\"case\":\"startTicker\"}}]","state":"{\"count\":1,\"isAutoIncrementing\":true}"}"#
      ))
  }

  func testReduceWithoutEffectsAnswersAnEmptyArray() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"lamp","state":{"brightness":0,"on":true},"action":{"case":"dim","value":30}}"#),
      .line(#"{"effects":"[]","state":"{\"brightness\":30,\"on\":true}"}"#))
  }

  func testReduceIgnoresExtraRequestKeys() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"ping","state":{"sent":0},"action":{"case":"fire"},"trace":"x"}"#),
      .line(
        #"{"effects":"[{\"kind\":\"run\",\"payload\":{\"case\":\"notifyListener\",\"value\":{\"count\":1}}}]","state":"{\"sent\":1}"}"#
      ))
  }

  func testNonJSONLineIsMalformed() {
    XCTAssertEqual(reply("not json"), .line(#"{"error":"malformed request line"}"#))
  }

  func testNonObjectLineIsMalformed() {
    XCTAssertEqual(reply("[1,2]"), .line(#"{"error":"malformed request line"}"#))
  }

  func testLineWithoutOpIsMalformed() {
    XCTAssertEqual(reply(#"{"feature":"counter"}"#), .line(#"{"error":"malformed request line"}"#))
  }

  func testReduceWithoutStateNeedsFeatureStateAction() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"counter","action":{"case":"increment"}}"#),
      .line(#"{"error":"reduce needs feature/state/action"}"#))
  }

  func testReduceWithNonStringFeatureNeedsFeatureStateAction() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":7,"state":{},"action":{}}"#),
      .line(#"{"error":"reduce needs feature/state/action"}"#))
  }

  func testUnknownFeatureIsNamed() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"splash","state":{},"action":{}}"#),
      .line(#"{"error":"unknown feature 'splash'"}"#))
  }

  func testUnknownOpIsNamed() {
    XCTAssertEqual(reply(#"{"op":"teleport"}"#), .line(#"{"error":"unknown op 'teleport'"}"#))
  }

  func testUnknownActionCaseNamesTheTypeAndPath() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"counter","state":{"count":0,"isAutoIncrementing":false},"action":{"case":"bogus"}}"#
      ),
      .line(#"{"error":"unknown case 'bogus' for CounterAction at action.case"}"#))
  }

  func testUnexpectedStateKeyNamesTheTypeAndPath() {
    XCTAssertEqual(
      reply(#"{"op":"reduce","feature":"counter","state":{"count":0,"isAuto":false},"action":{"case":"tick"}}"#),
      .line(#"{"error":"unexpected key 'isAuto' in CounterState at state"}"#))
  }

  func testFractionWhereAnIntegerBelongsIsRefusedWithItsPath() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"lamp","state":{"brightness":0,"on":true},"action":{"case":"dim","value":1.5}}"#),
      .line(#"{"error":"expected an integer at action.value, found the non-integer number 1.5"}"#))
  }

  func testExitRepliesNothing() {
    XCTAssertEqual(reply(#"{"op":"exit"}"#), .exit)
  }

  func testBlankLineRepliesNothing() {
    XCTAssertEqual(reply("  "), ReplayReply.none)
  }

  func testScenariosWithoutFeatureOrChainIsRefused() {
    XCTAssertEqual(reply(#"{"op":"scenarios"}"#), .line(#"{"error":"scenarios needs a feature or a chain"}"#))
  }

  func testAnExtremeCountWrapsInsteadOfCrashingTheRunner() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"counter","state":{"count":9223372036854775807,"isAutoIncrementing":false},"action":{"case":"increment"}}"#
      ),
      .line(#"{"effects":"[]","state":"{\"count\":-9223372036854775808,\"isAutoIncrementing\":false}"}"#))
  }

  func testAnIntegerBeyond64BitsIsRefusedWithItsPath() {
    XCTAssertEqual(
      reply(
        #"{"op":"reduce","feature":"counter","state":{"count":99999999999999999999,"isAutoIncrementing":false},"action":{"case":"increment"}}"#
      ),
      .line(#"{"error":"integer 99999999999999999999 at state.count does not fit in Int"}"#))
  }
}
