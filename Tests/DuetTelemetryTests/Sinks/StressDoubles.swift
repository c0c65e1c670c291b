import DuetTelemetry
import Foundation

/// A thread-safe flag one thread raises and others read (an opt-out that has returned, a stop).
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  func raise() { lock.withLock { raised = true } }
  var isRaised: Bool { lock.withLock { raised } }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  @discardableResult
  func increment() -> Int {
    lock.withLock {
      value += 1; return value
    }
  }
  var current: Int { lock.withLock { value } }

  /// Spins (yielding) until the count reaches `target`; no sleep decides anything.
  func waitUntil(atLeast target: Int) { while current < target { sched_yield() } }
}

/// A vendor that honours consent and counts each event it accepts after `watch` was raised: an
/// event that reached it after the opt-out returned. `work` iterations of busy work per event
/// make it slow enough for a queue to build up.
final class WatchedVendor: AnalyticsSink {
  private let consent = ConsentGate()
  let watch: Flag
  let work: Int
  let throwsOnOptOut: Bool
  let accepted = Counter()
  let leaks = Counter()

  init(watch: Flag, work: Int = 0, throwsOnOptOut: Bool = false) {
    self.watch = watch
    self.work = work
    self.throwsOnOptOut = throwsOnOptOut
  }

  func track(event: TrackedEvent) {
    guard consent.isEnabled else { return }
    if watch.isRaised { leaks.increment() }
    accepted.increment()
    busyWork(work)
  }
  func identify(uid: String) {}
  func reset() {}
  func setEnabled(_ enabled: Bool) throws {
    if !enabled && throwsOnOptOut { throw SinkBroke() }
    consent.setEnabled(enabled)
  }
}

/// Burns `iterations` of arithmetic the optimiser cannot drop: a sink that takes a moment.
func busyWork(_ iterations: Int) {
  var total = 0
  for index in 0..<iterations { total &+= index &* 31 }
  if total == 42 { print("") }
}

/// Starts `count` threads each running `body(index)` until `stop` is raised; `join` waits for them.
final class Emitters: @unchecked Sendable {
  private let group = DispatchGroup()
  let stop = Flag()
  let tracked = Counter()

  init(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    for thread in 0..<count {
      group.enter()
      Thread.detachNewThread { [self] in
        var index = 0
        while !stop.isRaised {
          body(thread * 1_000_000 + index)
          tracked.increment()
          index += 1
        }
        group.leave()
      }
    }
  }

  func join() {
    stop.raise()
    group.wait()
  }
}

/// A sink that counts each call it receives after `retired` was raised.
final class RetiringSink: AnalyticsSink {
  let retired = Flag()
  let leaks: Counter

  init(leaks: Counter) {
    self.leaks = leaks
  }

  func track(event: TrackedEvent) { if retired.isRaised { leaks.increment() } }
  func identify(uid: String) {}
  func reset() {}
  func setEnabled(_ enabled: Bool) {}
}

/// A recording sink that stops inside the `track` of the event whose subject is `subject` (any
/// track when `nil`): it signals `entered`, then waits for `release` — bounded, so a broken
/// implementation fails the test instead of hanging it. Shows what a call in flight does.
final class HeldSink: @unchecked Sendable {
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  private(set) var recording = RecordingSink()

  init(holdingAt subject: String? = nil) {
    recording = RecordingSink { [entered, release] call in
      guard case .track(let event) = call, subject == nil || event.subject == subject else { return }
      entered.signal()
      _ = release.wait(timeout: .now() + 30)
    }
  }
}
