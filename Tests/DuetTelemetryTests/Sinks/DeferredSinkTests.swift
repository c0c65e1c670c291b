import DuetTelemetry
import XCTest

final class DeferredSinkTests: XCTestCase {
  func testBindingReplaysWhatArrivedBeforeItInOrder() {
    let deferred = DeferredSink()
    let fanOut = AnalyticsFanOut(sinks: [deferred], isEnabled: false)
    fanOut.track(event: Events.promoViewed)
    fanOut.setEnabled(true)
    fanOut.identify(uid: "u-1")
    fanOut.track(event: Events.signedIn)
    let real = RecordingSink()

    deferred.bind(to: [real])

    XCTAssertEqual(
      real.calls,
      [
        .setEnabled(false), .track(Events.promoViewed), .setEnabled(true), .identify(uid: "u-1"),
        .track(Events.signedIn),
      ])
    XCTAssertEqual(real.events, [Events.signedIn], "the event sent while consent was off stays dropped")
  }

  func testNothingReachesTheRealSinkBeforeBinding() {
    let deferred = DeferredSink()
    let real = RecordingSink()

    deferred.track(event: Events.signedIn)

    XCTAssertEqual(real.calls, [])
    XCTAssertFalse(deferred.isBound)
  }

  func testCallsAfterBindingForwardDirectly() {
    let deferred = DeferredSink()
    let real = RecordingSink()
    deferred.bind(to: [real])

    deferred.track(event: Events.nameEdited)

    XCTAssertEqual(real.calls, [.track(Events.nameEdited)])
  }

  func testReplayReachesBoundSinksInListOrder() {
    let journal = Journal<String>()
    let deferred = DeferredSink()
    deferred.track(event: Events.promoViewed)

    deferred.bind(to: [JournalSink("first", journal: journal), JournalSink("second", journal: journal)])

    XCTAssertEqual(journal.entries, ["first:track Promo Viewed", "second:track Promo Viewed"])
  }

  func testCallMadeDuringReplayArrivesAfterTheReplayedOnes() {
    let deferred = DeferredSink()
    let reentered = Journal<Bool>()
    let real = RecordingSink { call in
      // A sink that reacts to the first replayed event by emitting another (as a worker might).
      if call == .track(Events.promoViewed), reentered.entries.isEmpty {
        reentered.append(true)
        deferred.track(event: Events.nameEdited)
      }
    }
    deferred.track(event: Events.promoViewed)
    deferred.track(event: Events.signedIn)

    deferred.bind(to: [real])

    XCTAssertEqual(real.events, [Events.promoViewed, Events.signedIn, Events.nameEdited])
  }

  func testSecondBindingIsRefused() {
    let deferred = DeferredSink()
    let first = RecordingSink()
    let second = RecordingSink()
    XCTAssertTrue(deferred.bind(to: [first]))

    XCTAssertFalse(deferred.bind(to: [second]))
    deferred.track(event: Events.signedIn)

    XCTAssertEqual(first.events, [Events.signedIn])
    XCTAssertEqual(second.calls, [])
  }

  func testFullBufferDropsNewEventsButKeepsConsentChanges() {
    let deferred = DeferredSink(capacity: 1)
    deferred.track(event: Events.promoViewed)
    deferred.track(event: Events.signedIn)
    deferred.setEnabled(false)
    let real = RecordingSink()

    deferred.bind(to: [real])

    XCTAssertEqual(real.calls, [.track(Events.promoViewed), .setEnabled(false)])
    XCTAssertEqual(deferred.droppedBeforeBinding, 1)
  }
}
