import DuetCore
import DuetTelemetry
import XCTest

final class ConsoleSinkTests: XCTestCase {
  /// The lines a console sink prints while `body` uses it.
  func printed(_ body: (ConsoleSink) -> Void) -> [String] {
    let lines = Journal<String>()
    body(ConsoleSink { lines.append($0) })
    return lines.entries
  }

  func testPrintsTheNameAndPropertiesAsTheTutorialShows() {
    XCTAssertEqual(printed { $0.track(event: Events.signedIn) }, ["analytics: Session Signed In {provider=email}"])
  }

  func testPropertiesAreSortedByKey() {
    let event = TrackedEvent(
      subject: "Item", verb: .created,
      params: [
        .string(key: "from", value: "capture"), .int(key: "photo_count", value: 2),
        .double(key: "duration_s", value: CanonicalDouble(1.5)!), .bool(key: "has_description", value: true),
      ])

    XCTAssertEqual(
      printed { $0.track(event: event) },
      ["analytics: Item Created {duration_s=1.5, from=capture, has_description=true, photo_count=2}"])
  }

  func testEventWithoutPropertiesPrintsNoBraces() {
    XCTAssertEqual(printed { $0.track(event: Events.promoViewed) }, ["analytics: Promo Viewed"])
  }

  func testIdentifyAndResetPrintTheirOwnLines() {
    let lines = printed { sink in
      sink.identify(uid: "u-1")
      sink.reset()
    }

    XCTAssertEqual(lines, ["analytics: identify u-1", "analytics: reset"])
  }

  func testDisabledConsoleSinkPrintsNothing() {
    let lines = printed { sink in
      sink.setEnabled(false)
      sink.track(event: Events.signedIn)
      sink.identify(uid: "u-1")
      sink.reset()
    }

    XCTAssertEqual(lines, [])
  }

  func testFanOutSeedReachesTheConsoleBeforeAnyEvent() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: false)

    XCTAssertFalse(sink.isEnabled)
    analytics.track(event: Events.signedIn)
    XCTAssertEqual(lines.entries, [])

    analytics.setEnabled(true)
    analytics.track(event: Events.signedIn)
    XCTAssertEqual(lines.entries, ["analytics: Session Signed In {provider=email}"])
  }
}
