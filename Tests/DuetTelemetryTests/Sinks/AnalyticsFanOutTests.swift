import DuetTelemetry
import XCTest

final class AnalyticsFanOutTests: XCTestCase {
  func testEveryCallReachesEachSinkInListOrder() {
    let journal = Journal<String>()
    let fanOut = AnalyticsFanOut(
      sinks: [JournalSink("writer", journal: journal), JournalSink("reader", journal: journal)], isEnabled: true)

    fanOut.track(event: Events.signedIn)
    fanOut.identify(uid: "u-1")
    fanOut.reset()
    fanOut.setEnabled(false)

    XCTAssertEqual(
      journal.entries,
      [
        "writer:setEnabled true", "reader:setEnabled true",
        "writer:track Session Signed In", "reader:track Session Signed In",
        "writer:identify u-1", "reader:identify u-1",
        "writer:reset", "reader:reset",
        "writer:setEnabled false", "reader:setEnabled false",
      ])
  }

  func testInitializerSeedsEverySinkBeforeTheFirstEvent() {
    let first = RecordingSink(isEnabled: true)
    let second = RecordingSink(isEnabled: true)
    let fanOut = AnalyticsFanOut(sinks: [first, second], isEnabled: false)

    XCTAssertEqual(first.calls, [.setEnabled(false)])
    XCTAssertEqual(second.calls, [.setEnabled(false)])
    fanOut.track(event: Events.signedIn)
    XCTAssertEqual(first.events, [])
    XCTAssertEqual(second.events, [])
  }

  func testDisabledSinkDropsEventsTheFanOutStillForwards() {
    let sink = RecordingSink()
    let fanOut = AnalyticsFanOut(sinks: [sink], isEnabled: true)

    fanOut.setEnabled(false)
    fanOut.track(event: Events.promoViewed)

    XCTAssertEqual(sink.calls, [.setEnabled(true), .setEnabled(false), .track(Events.promoViewed)])
    XCTAssertEqual(sink.events, [])
  }

  func testReEnabledSinkReceivesLaterEvents() {
    let sink = RecordingSink()
    let fanOut = AnalyticsFanOut(sinks: [sink], isEnabled: false)

    fanOut.track(event: Events.promoViewed)
    fanOut.setEnabled(true)
    fanOut.track(event: Events.signedIn)

    XCTAssertEqual(sink.events, [Events.signedIn])
  }

  func testThrowingSinkDoesNotStopTheSinksAfterIt() {
    let failures = Journal<SinkFailure>()
    let after = RecordingSink()
    let fanOut = AnalyticsFanOut(sinks: [ThrowingSink(throwsOnConsent: false), after], isEnabled: true) {
      failures.append($0)
    }

    fanOut.track(event: Events.signedIn)

    XCTAssertEqual(after.events, [Events.signedIn])
    XCTAssertEqual(failures.entries.map(\.call), [.track(Events.signedIn)])
  }

  func testSinkFailureIsReportedAsASentenceNamingSinkAndCall() {
    let failures = Journal<SinkFailure>()
    let fanOut = AnalyticsFanOut(sinks: [ThrowingSink(throwsOnConsent: false)], isEnabled: true) {
      failures.append($0)
    }

    fanOut.track(event: Events.signedIn)

    XCTAssertEqual(
      failures.entries.last?.description,
      "analytics: the sink ThrowingSink failed on track 'Session Signed In': the vendor endpoint refused the request. "
        + "The other sinks were not affected; fix or remove this sink.")
  }

  func testSlowQueuedSinkDoesNotDelayTheSinksAfterIt() {
    let slowDone = expectation(description: "the slow sink finishes once released")
    let slow = GatedSink { slowDone.fulfill() }
    let fast = RecordingSink()
    let fanOut = AnalyticsFanOut(sinks: [QueuedSink(slow), fast], isEnabled: true)

    fanOut.track(event: Events.signedIn)

    XCTAssertEqual(fast.events, [Events.signedIn], "the fast sink heard the event while the slow one was still busy")
    XCTAssertEqual(slow.finished.entries, [], "the caller returned before the slow sink finished")
    slow.gate.signal()
    wait(for: [slowDone], timeout: 5)
    XCTAssertEqual(slow.finished.entries, [Events.signedIn])
  }

  func testFanOutNestsAsASink() {
    let inner = RecordingSink()
    let outer = AnalyticsFanOut(sinks: [AnalyticsFanOut(sinks: [inner], isEnabled: true)], isEnabled: false)

    outer.track(event: Events.promoViewed)

    XCTAssertFalse(inner.isEnabled)
    XCTAssertEqual(inner.events, [])
  }

  func testASinkThatTracksFromInsideItsOwnCallDoesNotDeadlock() {
    let holder = Journal<AnalyticsFanOut>()
    let sink = RecordingSink { call in
      if call == .track(Events.promoViewed) { holder.entries.first?.track(event: Events.signedIn) }
    }
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: true)
    holder.append(analytics)

    analytics.track(event: Events.promoViewed)

    XCTAssertEqual(sink.events, [Events.promoViewed, Events.signedIn])
  }
}
