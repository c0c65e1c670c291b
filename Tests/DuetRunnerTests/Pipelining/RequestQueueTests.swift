import XCTest

@testable import DuetRunner

/// The request queue builds each `reduce` line in place and refuses one that would not be one line.
final class RequestQueueTests: XCTestCase {
  func queued(_ queue: RequestQueue) -> String {
    queue.withUnsafeBytes(from: 0) { String(decoding: $0, as: UTF8.self) }
  }

  func testAReduceRequestIsTheCanonicalLineWithTheTextsSplicedVerbatim() {
    var queue = RequestQueue()
    XCTAssertTrue(queue.appendReduce(quotedFeature: #""tally""#, state: #"{"n":1}"#, action: #"{"case":"up"}"#))
    XCTAssertTrue(queue.appendReduce(quotedFeature: #""tally""#, state: "null", action: "[]"))
    XCTAssertEqual(
      queued(queue),
      #"{"action":{"case":"up"},"feature":"tally","op":"reduce","state":{"n":1}}"# + "\n"
        + #"{"action":[],"feature":"tally","op":"reduce","state":null}"# + "\n")
  }

  func testARequestThatIsNotOneLineIsRefusedAndLeavesTheQueueAsItWas() {
    var queue = RequestQueue()
    XCTAssertTrue(queue.appendReduce(quotedFeature: #""tally""#, state: "1", action: "2"))
    let before = queued(queue)
    XCTAssertFalse(queue.appendReduce(quotedFeature: #""tally""#, state: "{\n}", action: "2"))
    XCTAssertFalse(queue.appendReduce(quotedFeature: #""tally""#, state: "1", action: "\"a\rb\""))
    XCTAssertEqual(queued(queue), before)
  }

  func testTheQueueIsEmptyAfterRemoveAllAndGrowsPastItsRoom() {
    var queue = RequestQueue()
    let big = String(repeating: "7", count: 100_000)
    XCTAssertTrue(queue.appendReduce(quotedFeature: #""f""#, state: big, action: "1"))
    queue.removeAll()
    XCTAssertTrue(queue.isEmpty)
    queue.append(line: Array("{\"op\":\"exit\"}\n".utf8))
    XCTAssertEqual(queued(queue), "{\"op\":\"exit\"}\n")
  }
}

extension RequestQueue {
  /// `appendReduce` with the texts written as strings (sent as their UTF-8 bytes).
  mutating func appendReduce(quotedFeature: String, state: String, action: String) -> Bool {
    appendReduce(
      middle: Self.reduceMiddle(quotedFeature: quotedFeature), state: ArraySlice(state.utf8),
      action: ArraySlice(action.utf8))
  }
}
