import DuetRunner
import XCTest

/// The verifier's side of the wire: handshakes and responses.
final class RunnerProtocolTests: XCTestCase {
  func testAV1HandshakeIsAccepted() throws {
    let handshake = try RunnerHandshake.parse(
      Array(
        #"{"capabilities":["record"],"features":["a","b"],"platform":"swift","protocol":"duet-replay","version":1}"#
          .utf8))
    XCTAssertEqual(handshake, RunnerHandshake(features: ["a", "b"], platform: "swift", capabilities: ["record"]))
  }

  func testAnEscapedSlashInTheEnvelopeIsOrdinaryJSON() throws {
    let handshake = try RunnerHandshake.parse(
      Array(#"{"features":["a\/b"],"protocol":"duet-replay","version":1}"#.utf8))
    XCTAssertEqual(handshake.features, ["a/b"])
  }

  func testAnotherProtocolOrVersionIsRefusedNamingWhatItSent() {
    let line = #"{"features":[],"protocol":"other","version":2}"#
    XCTAssertThrowsError(try RunnerHandshake.parse(Array(line.utf8))) { error in
      XCTAssertEqual(
        "\(error)",
        "runner refused: its handshake says protocol \"other\", version 2; duet-verify speaks protocol "
          + "\"duet-replay\", version 1. Use a runner built for replay protocol v1. It sent: \(line)")
    }
  }

  func testARefusalCarriesWhatTheRunnerSaidAsData() {
    let line = #"{"features":[1],"protocol":"duet-replay","version":1}"#
    XCTAssertThrowsError(try RunnerHandshake.parse(Array(line.utf8))) { error in
      XCTAssertEqual(error as? RunnerFault, .refusedHandshake(.featureNotName(kind: "an integer"), sent: line))
    }
    XCTAssertThrowsError(try RunnerHandshake.parse(Array(#"{"protocol":"other"}"#.utf8))) { error in
      XCTAssertEqual(
        error as? RunnerFault,
        .refusedHandshake(.otherProtocol(name: #""other""#, version: "nothing"), sent: #"{"protocol":"other"}"#))
    }
  }

  func testAHandshakeThatIsNotJSONIsRefused() {
    XCTAssertThrowsError(try RunnerHandshake.parse(Array("hello".utf8))) { error in
      XCTAssertEqual(
        "\(error)",
        "runner refused: its handshake is not JSON (unexpected 'h', expected a value at column 1). It sent: hello")
    }
  }

  func testAHandshakeWithoutFeaturesIsRefused() {
    XCTAssertThrowsError(try RunnerHandshake.parse(Array(#"{"protocol":"duet-replay","version":1}"#.utf8))) { error in
      XCTAssertEqual(
        (error as? RunnerFault)?.losesRunner, true)
    }
  }

  func testFaultsThatDesynchroniseTheRunnerLoseIt() {
    XCTAssertTrue(RunnerFault.timedOut(seconds: 1).losesRunner)
    XCTAssertTrue(RunnerFault.exited(.signal(9)).losesRunner)
    XCTAssertTrue(RunnerFault.lineTooLong(limit: 16 << 20).losesRunner)
    XCTAssertFalse(RunnerFault.notJSONObject(reason: .otherKind("an array"), preview: "[]").losesRunner)
    XCTAssertFalse(RunnerFault.missingField("state", preview: "{}").losesRunner)
  }

  func testFaultSentences() {
    XCTAssertEqual(RunnerFault.exited(.signal(9)).description, "runner exited (signal 9)")
    XCTAssertEqual(RunnerFault.exited(.status(3)).description, "runner exited (status 3)")
    XCTAssertEqual(
      RunnerFault.timedOut(seconds: 10).description, "runner did not answer within 10s (raise it with --timeout S)")
    XCTAssertEqual(
      RunnerFault.timedOut(seconds: 0.5).description, "runner did not answer within 0.5s (raise it with --timeout S)")
    XCTAssertEqual(
      RunnerFault.lineTooLong(limit: 16 << 20).description,
      "runner sent a line longer than 16 MiB, far larger than any sane response")
  }
}
