import DuetTelemetry
import Foundation
import XCTest

final class SinkFailureLogTests: XCTestCase {
  func testTenThousandFailuresPrintOneLine() {
    let lines = Journal<String>()
    let log = SinkFailureLog(now: { Date(timeIntervalSince1970: 0) }) { lines.append($0) }
    let analytics = AnalyticsFanOut(sinks: [ThrowingSink(throwsOnConsent: false)], onFailure: log.handler)

    for _ in 0..<10_000 { analytics.track(event: Events.signedIn) }

    XCTAssertEqual(lines.entries.count, 1)
  }

  func testTheNextLineAfterTheIntervalCountsWhatWasHeldBack() {
    let lines = Journal<String>()
    let clock = Journal<Double>()
    let log = SinkFailureLog(interval: 60, now: { Date(timeIntervalSince1970: clock.entries.last ?? 0) }) {
      lines.append($0)
    }
    let failure = SinkFailure(sink: "Vendor", call: .track(Events.signedIn), reason: "offline")

    for _ in 0..<5 { log.report(failure) }
    clock.append(61)
    log.report(failure)

    XCTAssertEqual(lines.entries.count, 2)
    XCTAssertEqual(
      lines.entries.last,
      failure.description + " (4 more failure(s) like it in the last 60 s were not printed.)")
  }

  func testDifferentSinksAreReportedSeparately() {
    let lines = Journal<String>()
    let log = SinkFailureLog(now: { Date(timeIntervalSince1970: 0) }) { lines.append($0) }

    log.report(SinkFailure(sink: "A", call: .reset, reason: "x"))
    log.report(SinkFailure(sink: "B", call: .reset, reason: "x"))

    XCTAssertEqual(lines.entries.count, 2)
  }

  func testTwoSinksOfOneTypeEachGetTheirFirstLine() {
    let lines = Journal<String>()
    let log = SinkFailureLog(now: { Date(timeIntervalSince1970: 0) }) { lines.append($0) }
    let analytics = AnalyticsFanOut(
      sinks: [ThrowingSink(throwsOnConsent: false), ThrowingSink(throwsOnConsent: false)], onFailure: log.handler)

    for _ in 0..<100 { analytics.track(event: Events.signedIn) }

    XCTAssertEqual(lines.entries.count, 2, "one line per failing sink, not per type name")
  }
}
