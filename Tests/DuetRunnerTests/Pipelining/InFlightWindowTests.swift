import XCTest

@testable import DuetRunner

/// The slot's window keeps requests oldest first however often the ring wraps round.
final class InFlightWindowTests: XCTestCase {
  final class Tagged: RunnerJob {
    let tag: Int
    init(_ tag: Int) { self.tag = tag }
    func open(handshake: RunnerHandshake) -> RunnerRequest? { nil }
    func take(_ reply: [UInt8]) throws(RunnerFault) -> RunnerRequest? { nil }
    func fail(_ fault: RunnerFault, stderr: [String]) {}
    func abandon(_ error: RunnerStartError) {}
  }

  func tag(_ entry: InFlightWindow.Entry?) -> Int? { (entry?.job as? Tagged)?.tag }

  func testEntriesComeOutInTheOrderTheyWentInAcrossWrapArounds() {
    var window = InFlightWindow(capacity: 3)
    var next = 0
    var expected = 0
    for _ in 0..<10 {
      while !window.isFull {
        window.append(.init(job: Tagged(next)))
        next += 1
      }
      XCTAssertEqual(tag(window.first), expected)
      XCTAssertEqual(tag(window.popFirst()), expected)
      expected += 1
    }
    XCTAssertEqual(window.drain().compactMap { ($0 as? Tagged)?.tag }, [expected, expected + 1])
    XCTAssertTrue(window.isEmpty)
    XCTAssertNil(window.popFirst())
  }

  func testStampingStartsTheClocksOfTheNewestEntriesOnly() {
    var window = InFlightWindow(capacity: 4)
    for tag in 0..<4 { window.append(.init(job: Tagged(tag), sentAt: 5)) }
    _ = window.popFirst()
    window.append(.init(job: Tagged(4)))
    window.stamp(newest: 2, at: 9)
    var stamps: [UInt64] = []
    while let entry = window.popFirst() { stamps.append(entry.sentAt) }
    XCTAssertEqual(stamps, [5, 5, 9, 9])
  }

  func testJobsStillInTheWindowAreLetGoWithIt() {
    weak var newest: Tagged?
    do {
      var window = InFlightWindow(capacity: 3)
      for tag in 0..<5 {
        let job = Tagged(tag)
        newest = job
        if window.isFull { _ = window.popFirst() }
        window.append(.init(job: job))
      }
      XCTAssertEqual(window.count, 3)
      XCTAssertNotNil(newest, "held by the window")
    }
    XCTAssertNil(newest, "released when the window went")
  }
}
