import DuetTelemetry
import Foundation
import XCTest

/// Once `bind(to:)` returns, the sinks it replaced receive nothing more, however many threads
/// are emitting through the slot.
final class RebindBarrierTests: XCTestCase {
  func testReplacedSinksReceiveNothingOnceBindReturns() {
    let slot = DeferredSink()
    let analytics = AnalyticsFanOut(sinks: [slot], isEnabled: true)
    let leaks = Counter()
    var current = RetiringSink(leaks: leaks)
    // A slower sink ahead of each watched one keeps a call on its way through the old sinks a while.
    slot.bind(to: [WatchedVendor(watch: Flag(), work: 2_000), current])
    let emitters = Emitters(count: 3) { index in
      analytics.track(event: TrackedEvent(subject: "Item \(index)", verb: .created))
    }

    for _ in 0..<2_000 {
      let next = RetiringSink(leaks: leaks)
      slot.bind(to: [WatchedVendor(watch: Flag(), work: 2_000), next])
      current.retired.raise()
      current = next
    }
    emitters.join()

    XCTAssertEqual(leaks.current, 0, "a replaced sink received a call after bind returned")
  }
}
