import DuetTelemetry
import Foundation

/// Shared events for the sink tests.
enum Events {
  static let signedIn = TrackedEvent(
    subject: "Session", verb: "Signed In", params: [.string(key: "provider", value: "email")])
  static let promoViewed = TrackedEvent(subject: "Promo", verb: .viewed)
  static let nameEdited = TrackedEvent(subject: "Name", verb: .edited)
}

/// A thread-safe list a test reads after the calls it caused.
final class Journal<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Element] = []

  func append(_ item: Element) { lock.withLock { items.append(item) } }
  var entries: [Element] { lock.withLock { items } }
}

/// A sink that writes `<name>:<call>` into a journal shared with other sinks, to observe order.
final class JournalSink: AnalyticsSink {
  let name: String
  let journal: Journal<String>

  init(_ name: String, journal: Journal<String>) {
    self.name = name
    self.journal = journal
  }

  func track(event: TrackedEvent) { journal.append("\(name):track \(event.encodedName())") }
  func identify(uid: String) { journal.append("\(name):identify \(uid)") }
  func reset() { journal.append("\(name):reset") }
  func setEnabled(_ enabled: Bool) { journal.append("\(name):setEnabled \(enabled)") }
}

struct SinkBroke: Error, CustomStringConvertible {
  var description: String { "the vendor endpoint refused the request" }
}

/// A sink whose calls throw; `throwsOnConsent: false` lets its consent calls through, so only its
/// events fail (a sink that is not quarantined).
final class ThrowingSink: AnalyticsSink {
  let throwsOnConsent: Bool

  init(throwsOnConsent: Bool = true) {
    self.throwsOnConsent = throwsOnConsent
  }

  func track(event: TrackedEvent) throws { throw SinkBroke() }
  func identify(uid: String) throws { throw SinkBroke() }
  func reset() throws { throw SinkBroke() }
  func setEnabled(_ enabled: Bool) throws { if throwsOnConsent { throw SinkBroke() } }
}

/// A vendor SDK stand-in with its own opt-out switch (on by default, as SDKs ship) whose first
/// `failures` consent calls throw before applying: what leaks if the fan-out trusts it.
final class FlakyConsentVendor: AnalyticsSink, @unchecked Sendable {
  private let lock = NSLock()
  private var optedIn = true
  private var failuresLeft: Int
  let sent = Journal<String>()

  init(failures: Int) {
    failuresLeft = failures
  }

  private var isOptedIn: Bool { lock.withLock { optedIn } }

  func track(event: TrackedEvent) { if isOptedIn { sent.append("track \(event.encodedName())") } }
  func identify(uid: String) { if isOptedIn { sent.append("identify \(uid)") } }
  func reset() { if isOptedIn { sent.append("reset") } }
  func setEnabled(_ enabled: Bool) throws {
    try lock.withLock {
      if failuresLeft > 0 {
        failuresLeft -= 1
        throw SinkBroke()
      }
      optedIn = enabled
    }
  }
}

/// A sink whose `track` blocks until the test opens the gate (or a timeout passes, so a broken
/// implementation fails the test instead of hanging it).
final class GatedSink: AnalyticsSink {
  let gate = DispatchSemaphore(value: 0)
  let finished = Journal<TrackedEvent>()
  let onFinished: @Sendable () -> Void

  init(onFinished: @escaping @Sendable () -> Void) {
    self.onFinished = onFinished
  }

  func track(event: TrackedEvent) {
    _ = gate.wait(timeout: .now() + 5)
    finished.append(event)
    onFinished()
  }
  func identify(uid: String) {}
  func reset() {}
  func setEnabled(_ enabled: Bool) {}
}

/// An executor that holds work until the test runs it: shows what happens on the caller's path.
final class ManualExecutor: SinkExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private var jobs: [@Sendable () -> Void] = []

  func submit(_ work: @escaping @Sendable () -> Void) { lock.withLock { jobs.append(work) } }

  var pendingCount: Int { lock.withLock { jobs.count } }

  func runAll() {
    let batch = lock.withLock {
      defer { jobs.removeAll() }
      return jobs
    }
    for job in batch { job() }
  }
}
