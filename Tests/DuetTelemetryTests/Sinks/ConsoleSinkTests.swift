import DuetCore
import DuetTelemetry
import XCTest

final class ConsoleSinkTests: XCTestCase {
  func testPrintsTheNameAndPropertiesAsTheTutorialShows() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }

    sink.track(event: Events.signedIn)

    XCTAssertEqual(lines.entries, ["analytics: Session Signed In {provider=email}"])
  }

  func testPropertiesAreSortedByKey() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }
    let event = TrackedEvent(
      subject: "Item", verb: .created,
      params: [
        .string(key: "from", value: "capture"), .int(key: "photo_count", value: 2),
        .double(key: "duration_s", value: CanonicalDouble(1.5)!), .bool(key: "has_description", value: true),
      ])

    sink.track(event: event)

    XCTAssertEqual(
      lines.entries, ["analytics: Item Created {duration_s=1.5, from=capture, has_description=true, photo_count=2}"])
  }

  func testEventWithoutPropertiesPrintsNoBraces() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }

    sink.track(event: Events.promoViewed)

    XCTAssertEqual(lines.entries, ["analytics: Promo Viewed"])
  }

  func testIdentifyAndResetPrintTheirOwnLines() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }

    sink.identify(uid: "u-1")
    sink.reset()

    XCTAssertEqual(lines.entries, ["analytics: identify u-1", "analytics: reset"])
  }

  func testDisabledConsoleSinkPrintsNothing() {
    let lines = Journal<String>()
    let sink = ConsoleSink { lines.append($0) }

    sink.setEnabled(false)
    sink.track(event: Events.signedIn)
    sink.identify(uid: "u-1")
    sink.reset()

    XCTAssertEqual(lines.entries, [])
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
