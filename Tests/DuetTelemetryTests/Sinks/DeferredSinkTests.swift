import DuetTelemetry
import Foundation
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

  func testRebindingMovesLaterCallsToTheNewSinksStartingFromTheCurrentConsent() {
    let deferred = DeferredSink()
    let first = RecordingSink()
    let second = RecordingSink()
    deferred.setEnabled(false)
    XCTAssertTrue(deferred.bind(to: [first]))

    XCTAssertFalse(deferred.bind(to: [second]))
    deferred.track(event: Events.signedIn)

    XCTAssertEqual(first.calls, [.setEnabled(false)])
    XCTAssertEqual(second.calls, [.setEnabled(false), .track(Events.signedIn)])
    XCTAssertEqual(second.events, [], "the new sink starts opted out, as the user is")
  }

  func testCallsFromAnotherThreadDuringTheReplayAreNeitherLostNorReordered() {
    let deferred = DeferredSink(capacity: 10)
    let buffered = (0..<10).map { TrackedEvent(subject: "Buffered \($0)", verb: .created) }
    let later = (0..<50).map { TrackedEvent(subject: "Later \($0)", verb: .created) }
    for event in buffered { deferred.track(event: event) }
    let senderDone = DispatchSemaphore(value: 0)
    let started = Journal<Bool>()
    let real = RecordingSink { _ in
      guard started.entries.isEmpty else { return }
      started.append(true)
      // While the replay is under way, another thread sends 50 more; give it a bounded moment.
      Thread.detachNewThread {
        for event in later { deferred.track(event: event) }
        senderDone.signal()
      }
      _ = senderDone.wait(timeout: .now() + 0.3)
    }

    deferred.bind(to: [real])
    XCTAssertEqual(senderDone.wait(timeout: .now() + 30), .success)

    XCTAssertEqual(real.events, buffered + later)
    XCTAssertEqual(deferred.droppedBeforeBinding, 0)
  }

  func testConsentCallsBeforeBindingAreCappedToo() {
    let deferred = DeferredSink(capacity: 1)
    deferred.track(event: Events.promoViewed)
    for index in 0..<10_000 { deferred.setEnabled(index % 2 == 1) }
    let real = RecordingSink()

    deferred.bind(to: [real])

    // The first opt-out purged the buffered event (the user opted out before any sink existed).
    XCTAssertEqual(real.calls, [.setEnabled(true)])
    XCTAssertEqual(deferred.purgedBeforeBinding, 1)
  }

  func testFlushBeforeBindingIsRefusedWithASentence() {
    let deferred = DeferredSink()
    deferred.track(event: Events.signedIn)

    XCTAssertEqual(
      deferred.flush(timeout: 1),
      .refused(
        "the deferred sink is not bound yet, so its 1 buffered call(s) have nowhere to go; bind(to:) the real sinks "
          + "before flushing."))
  }

  func testFlushAfterBindingReachesTheQueuedSinksBehindIt() {
    let deferred = DeferredSink()
    let vendor = RecordingSink()
    deferred.track(event: Events.signedIn)
    deferred.bind(to: [QueuedSink(vendor)])

    XCTAssertEqual(deferred.flush(timeout: 30), .drained)
    XCTAssertEqual(vendor.events, [Events.signedIn])
  }

  func testFullBufferDropsNewEventsButKeepsConsentChanges() {
    let deferred = DeferredSink(capacity: 1)
    deferred.track(event: Events.promoViewed)
    deferred.track(event: Events.signedIn)
    deferred.setEnabled(false)
    let real = RecordingSink()

    deferred.bind(to: [real])

    XCTAssertEqual(real.calls, [.setEnabled(false)], "the opt-out purged the event buffered before it")
    XCTAssertEqual(deferred.droppedBeforeBinding, 1)
    XCTAssertEqual(deferred.purgedBeforeBinding, 1)
  }
}
