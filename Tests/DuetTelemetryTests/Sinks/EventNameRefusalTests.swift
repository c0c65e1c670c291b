import DuetTelemetry
import XCTest

/// An event whose name the taxonomy grammar forbids is refused at `track`: no sink sees it, and
/// the failure handler is told in a sentence.
final class EventNameRefusalTests: XCTestCase {
  func testNamesTheGrammarForbidsReachNoSinkAndAreReported() {
    let failures = Journal<SinkFailure>()
    let sink = RecordingSink()
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: true) { failures.append($0) }
    let forbidden = [
      TrackedEvent(subject: "", verb: .viewed),
      TrackedEvent(subject: "session", verb: "signed in"),
      TrackedEvent(subject: "Session", verb: "Signed  In"),
      TrackedEvent(subject: "Ses\u{7}sion", verb: .viewed),
      TrackedEvent(subject: "Session\nanalytics: Fake", verb: .viewed),
    ]

    for event in forbidden { analytics.track(event: event) }

    XCTAssertEqual(sink.calls, [.setEnabled(true)], "no forbidden name reaches a sink")
    XCTAssertEqual(failures.entries.count, forbidden.count)
  }

  func testTheRefusalIsASentenceNamingTheEscapedName() {
    let failures = Journal<SinkFailure>()
    let analytics = AnalyticsFanOut(sinks: [RecordingSink()], isEnabled: true) { failures.append($0) }

    analytics.track(event: TrackedEvent(subject: "Session\nFake", verb: .viewed))

    XCTAssertEqual(
      failures.entries.first?.description,
      #"analytics: refused to track "Session\nFake Viewed": an event name is capitalised words (letters and digits) "#
        + "separated by single spaces, as the taxonomy gate requires of every recorded event ('Session Signed In'). "
        + "No sink received it; fix the subject or verb where the event is built.")
  }

  func testWellFormedNamesStillPass() {
    let sink = RecordingSink()
    let analytics = AnalyticsFanOut(sinks: [sink], isEnabled: true) { XCTFail("\($0)") }
    let events = [
      Events.signedIn, TrackedEvent(subject: "Item 42", verb: .created),
      TrackedEvent(subject: "Überblick", verb: .viewed),
    ]

    for event in events { analytics.track(event: event) }

    XCTAssertEqual(sink.events, events)
  }
}
