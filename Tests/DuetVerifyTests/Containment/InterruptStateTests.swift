import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What SIGINT and SIGTERM do to a command that writes: stop at once before the writes, wait for
/// them during.
final class InterruptStateTests: XCTestCase {
  func testASignalBeforeTheWritesStopsAtOnce() {
    var state = InterruptState()
    XCTAssertEqual(state.receive(SIGINT), .stopNow(SIGINT))
    XCTAssertEqual(state.phase, .stopped(SIGINT))
  }

  func testAStoppedCommandNeverStartsWriting() {
    var state = InterruptState()
    _ = state.receive(SIGTERM)
    XCTAssertFalse(state.beginWriting())
  }

  func testASignalDuringTheWritesIsHeldUntilTheyFinish() {
    var state = InterruptState()
    XCTAssertTrue(state.beginWriting())
    XCTAssertEqual(state.receive(SIGTERM), .hold)
    XCTAssertEqual(state.finishWriting(), SIGTERM)
    XCTAssertEqual(state.phase, .stopped(SIGTERM))
  }

  func testTheFirstSignalHeldIsTheOneActedOn() {
    var state = InterruptState()
    _ = state.beginWriting()
    _ = state.receive(SIGINT)
    XCTAssertEqual(state.receive(SIGTERM), .hold)
    XCTAssertEqual(state.finishWriting(), SIGINT)
  }

  func testWritesWithoutASignalFinishQuietly() {
    var state = InterruptState()
    _ = state.beginWriting()
    XCTAssertNil(state.finishWriting())
    XCTAssertEqual(state.phase, .working)
  }

  func testASecondSignalWhileStoppingIsIgnored() {
    var state = InterruptState()
    _ = state.receive(SIGINT)
    XCTAssertEqual(state.receive(SIGINT), .ignore)
  }

  func testTheGuardStopsOnceForASignalBeforeTheWrites() {
    let stops = StopLog()
    let guarding = InterruptGuard { stops.note($0, afterWrites: $1) }
    guarding.receive(SIGINT)
    guarding.receive(SIGTERM)
    XCTAssertEqual(stops.signals, ["\(SIGINT) before the writes"])
    XCTAssertFalse(guarding.beginWriting())
  }

  func testTheGuardStopsAfterTheWritesForASignalDuringThem() {
    let stops = StopLog()
    let guarding = InterruptGuard { stops.note($0, afterWrites: $1) }
    XCTAssertTrue(guarding.beginWriting())
    guarding.receive(SIGTERM)
    XCTAssertEqual(stops.signals, [])
    guarding.finishWriting()
    XCTAssertEqual(stops.signals, ["\(SIGTERM) after the writes"])
  }

  func testSignalsAreNamedInTheSentence() {
    XCTAssertEqual(InterruptGuard.name(of: SIGINT), "SIGINT")
    XCTAssertEqual(InterruptGuard.name(of: SIGTERM), "SIGTERM")
    XCTAssertEqual(InterruptGuard.name(of: SIGHUP), "signal \(SIGHUP)")
  }
}

/// The signals a guard's stop was called with, and when.
final class StopLog: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [String] = []
  var signals: [String] { lock.withLock { seen } }
  func note(_ signal: Int32, afterWrites: Bool) {
    lock.withLock { seen.append("\(signal) \(afterWrites ? "after" : "before") the writes") }
  }
}
