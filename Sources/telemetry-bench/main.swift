// bench-telemetry: events/s and the caller's p99 latency through the sinks an app ships —
// a console sink, a queued vendor and a synchronous sink behind one fan-out — flushed at the end.
// Prints one line: `bench-telemetry: events/s=<n> p99=<µs>µs dropped=<n>`.
import DuetTelemetry
import Foundation

/// A vendor stand-in doing what an SDK does per event: build the name and the property bag.
final class VendorWork: AnalyticsSink {
  private let consent = ConsentGate()
  func track(event: TrackedEvent) {
    guard consent.isEnabled else { return }
    _ = (event.encodedName(), event.encodedProperties())
  }
  func identify(uid: String) {}
  func reset() {}
  func setEnabled(_ enabled: Bool) { consent.setEnabled(enabled) }
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let events = (0..<64).map { index in
  TrackedEvent(
    subject: "Item", verb: .created,
    params: [
      .string(key: "from", value: "capture"), .int(key: "photo_count", value: index),
      .bool(key: "cached", value: false),
    ])
}

var bestRate = 0.0
var bestP99 = Double.infinity
var dropped = 0
for _ in 0..<repeats {
  let printed = ConsoleSink { line in _ = line.utf8.count }
  let vendor = QueuedSink(VendorWork(), capacity: count)
  let analytics = AnalyticsFanOut(sinks: [printed, vendor, NoOpTrackingSink()], isEnabled: true)
  var latencies = [UInt64](repeating: 0, count: count)
  let start = DispatchTime.now().uptimeNanoseconds
  for index in 0..<count {
    let before = DispatchTime.now().uptimeNanoseconds
    analytics.track(event: events[index & 63])
    latencies[index] = DispatchTime.now().uptimeNanoseconds - before
  }
  let outcome = analytics.flush(timeout: 120)
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  guard outcome == .drained else {
    FileHandle.standardError.write(Data("bench-telemetry: \(outcome)\n".utf8))
    exit(1)
  }
  latencies.sort()
  bestRate = max(bestRate, Double(count) / seconds)
  bestP99 = min(bestP99, Double(latencies[count * 99 / 100]) / 1000)
  dropped = vendor.droppedCount
}
print(String(format: "bench-telemetry: events/s=%.0f p99=%.1fµs dropped=%d", bestRate, bestP99, dropped))
