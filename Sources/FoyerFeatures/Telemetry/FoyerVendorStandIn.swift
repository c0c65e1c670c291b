import DuetTelemetry
import Foundation

/// What a vendor SDK would be handed for one event: the name and the Foundation property bag.
///
/// `@unchecked Sendable` because `AnyHashable` is not marked `Sendable`, though the bag only ever
/// holds `String`, `Int`, `Bool` and `Double` values.
struct VendorUpload: Hashable, @unchecked Sendable {
  var name: String
  var properties: [String: AnyHashable]
}

/// A stand-in for the vendor SDK a shipping Foyer would link (the one file that would import it).
///
/// It does what such a sink does — keeps its own opt-out switch, hands the SDK the event's
/// `encodedName()` and `encodedProperties()` — and remembers the uploads instead of sending them,
/// so the composition root's test can see what would have left the device. Slow vendors are the
/// reason it sits behind a `QueuedSink` in the root.
final class FoyerVendorStandIn: AnalyticsSink, @unchecked Sendable {
  private let consent = ConsentGate()
  private let lock = NSLock()
  private var sent: [VendorUpload] = []
  private var user: String?

  /// Everything the vendor would have uploaded, in order.
  var uploads: [VendorUpload] { lock.withLock { sent } }

  /// The user id the vendor would attach to uploads.
  var identifiedUser: String? { lock.withLock { user } }

  func track(event: TrackedEvent) {
    guard consent.isEnabled else { return }
    let upload = VendorUpload(name: event.encodedName(), properties: event.encodedProperties())
    lock.withLock { sent.append(upload) }
  }

  func identify(uid: String) {
    guard consent.isEnabled else { return }
    lock.withLock { user = uid }
  }

  func reset() {
    guard consent.isEnabled else { return }
    lock.withLock { user = nil }
  }

  func setEnabled(_ enabled: Bool) { consent.setEnabled(enabled) }
}
