import DuetCore
import DuetRunner
import XCTest

@testable import DuetVerify

/// The scenarios op on the verifier side: the request line and every shape of answer.
final class ScenariosReplyTests: XCTestCase {
  func parse(_ text: String) throws(RunnerFault) -> ScenariosReply {
    try ScenariosReply.parse(Array(text.utf8))
  }

  func testTheRequestNamesTheFeatureOrTheChain() {
    XCTAssertEqual(
      String(decoding: ScenariosReply.request(for: .feature("counter")), as: UTF8.self),
      "{\"feature\":\"counter\",\"op\":\"scenarios\"}\n")
    XCTAssertEqual(
      String(decoding: ScenariosReply.request(for: .chain("chain-ping-pong")), as: UTF8.self),
      "{\"chain\":\"chain-ping-pong\",\"op\":\"scenarios\"}\n")
  }

  func testFixturesComeBackInTheRunnersOrder() throws {
    let reply = try parse(#"{"fixtures":[{"document":{"a":1},"name":"b"},{"name":"a","document":{}}]}"#)
    XCTAssertEqual(
      reply,
      .fixtures([
        ProducedFixture(name: "b", document: .object(["a": .integer(1)])),
        ProducedFixture(name: "a", document: .object([:])),
      ]))
  }

  func testAnErrorIsTheRunnersSentence() throws {
    XCTAssertEqual(
      try parse(#"{"error":"Then 'x' (S.swift:3) returned false"}"#), .refused("Then 'x' (S.swift:3) returned false"))
  }

  func testEnvelopesAreParsedNotByteCompared() throws {
    XCTAssertEqual(try parse(#"{ "fixtures" : [ ] , "extra": true }"#), .fixtures([]))
  }

  func testAReplyWithoutFixturesIsARunnerFault() {
    XCTAssertThrowsError(try parse(#"{"recordings":[]}"#)) { error in
      guard case .missingField("fixtures", _)? = error as? RunnerFault else { return XCTFail("\(error)") }
    }
  }

  func testAFixtureWithoutANameIsARunnerFault() {
    XCTAssertThrowsError(try parse(#"{"fixtures":[{"document":{}}]}"#)) { error in
      guard case .missingField("fixtures[0].name", _)? = error as? RunnerFault else { return XCTFail("\(error)") }
    }
  }

  func testANonJSONLineIsARunnerFault() {
    XCTAssertThrowsError(try parse("not json")) { error in
      guard case .notJSONObject? = error as? RunnerFault else { return XCTFail("\(error)") }
    }
  }

  func testUnknownOpMeansTheRunnerCannotRecord() {
    XCTAssertTrue(ScenariosReply.isUnknownOp("unknown op 'scenarios'"))
    XCTAssertFalse(ScenariosReply.isUnknownOp("unknown feature 'x'"))
  }
}
