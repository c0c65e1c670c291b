// bench-telemetry: what the caller pays to track while a slow vendor sits behind a queue.
// THREADS threads (default 8) each track EVENTS/THREADS events as fast as they can through the sinks an
// app ships — a console sink, a vendor taking 1 ms per event behind a QueuedSink (capacity 10,000),
// a synchronous no-op sink — behind one fan-out. The vendor cannot keep up, so the queue fills and
// drops: the figure is the caller's, which must stay non-blocking.
// Prints one line: `bench-telemetry: events/s=<n> p50=<µs>µs p99=<µs>µs dropped=<n> threads=<n> vendor=1ms`
// (the fastest of REPEAT runs; events/s counts calls returned by the callers per second of wall time).
// Only the public API both before and after the barrier rework is used, so the same file measures both.
import DuetTelemetry
import Foundation

/// A vendor SDK stand-in: builds the name and the property bag, then waits 1 ms as a network call would.
final class SlowVendor: AnalyticsSink {
  private let consent = ConsentGate()
  func track(event: TrackedEvent) {
    guard consent.isEnabled else { return }
    _ = (event.encodedName(), event.encodedProperties())
    usleep(1000)
  }
  func identify(uid: String) {}
  func reset() {}
  func setEnabled(_ enabled: Bool) { consent.setEnabled(enabled) }
}

/// One thread's latencies, written only by that thread until it has finished.
final class Latencies: @unchecked Sendable {
  var nanoseconds: [UInt64]
  init(count: Int) { nanoseconds = [UInt64](repeating: 0, count: count) }
}

struct Run {
  var rate: Double
  var p50: Double
  var p99: Double
  var dropped: Int
}

func run(events perThread: Int, threads: Int, samples: [TrackedEvent]) -> Run {
  let vendor = QueuedSink(SlowVendor(), capacity: 10_000)
  let analytics = AnalyticsFanOut(
    sinks: [ConsoleSink { line in _ = line.utf8.count }, vendor, NoOpTrackingSink()], isEnabled: true)
  let ready = DispatchGroup()
  let done = DispatchGroup()
  let go = DispatchSemaphore(value: 0)
  let boxes = (0..<threads).map { _ in Latencies(count: perThread) }
  for thread in 0..<threads {
    ready.enter()
    done.enter()
    let box = boxes[thread]
    Thread.detachNewThread {
      ready.leave()
      go.wait()
      for index in 0..<perThread {
        let before = DispatchTime.now().uptimeNanoseconds
        analytics.track(event: samples[(index &+ thread) & 63])
        box.nanoseconds[index] = DispatchTime.now().uptimeNanoseconds - before
      }
      done.leave()
    }
  }
  ready.wait()
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<threads { go.signal() }
  done.wait()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  var all = boxes.flatMap(\.nanoseconds)
  all.sort()
  let total = perThread * threads
  return Run(
    rate: Double(total) / seconds, p50: Double(all[total / 2]) / 1000, p99: Double(all[total * 99 / 100]) / 1000,
    dropped: vendor.droppedCount)
}

let arguments = CommandLine.arguments
let total = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000
let repeats = max(1, arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3)
let threads = max(1, arguments.count > 3 ? Int(arguments[3]) ?? 8 : 8)
let samples = (0..<64).map { index in
  TrackedEvent(
    subject: "Item", verb: .created,
    params: [
      .string(key: "from", value: "capture"), .int(key: "photo_count", value: index),
      .bool(key: "cached", value: false),
    ])
}

var best = Run(rate: 0, p50: .infinity, p99: .infinity, dropped: 0)
for _ in 0..<repeats {
  let result = run(events: max(1, total / threads), threads: threads, samples: samples)
  best.rate = max(best.rate, result.rate)
  best.p50 = min(best.p50, result.p50)
  best.p99 = min(best.p99, result.p99)
  best.dropped = result.dropped
}
print(
  String(
    format: "bench-telemetry: events/s=%.0f p50=%.1fµs p99=%.1fµs dropped=%d threads=%d vendor=1ms", best.rate,
    best.p50,
    best.p99, best.dropped, threads))
