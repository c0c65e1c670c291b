/// Prints each event as one line: `analytics: Session Signed In {provider=email}`.
///
/// The sink that needs no vendor and no credential: what a developer watches while running the
/// app. The line is the event's `encodedName()` and its properties — the two things a vendor
/// SDK is handed — with properties sorted by key and the braces left out when there are none.
/// Where lines go is injectable (standard output by default) so tests can read them.
public final class ConsoleSink: AnalyticsSink {
  private let consent: ConsentGate
  private let line: @Sendable (String) -> Void

  /// A console sink writing through `line`; enabled until told otherwise.
  public init(isEnabled: Bool = true, line: @escaping @Sendable (String) -> Void = { print($0) }) {
    consent = ConsentGate(isEnabled: isEnabled)
    self.line = line
  }

  /// The consent flag this sink last received.
  public var isEnabled: Bool { consent.isEnabled }

  public func track(event: TrackedEvent) {
    guard isEnabled else { return }
    line("analytics: " + Self.render(event))
  }

  public func identify(uid: String) {
    guard isEnabled else { return }
    line("analytics: identify \(uid)")
  }

  public func reset() {
    guard isEnabled else { return }
    line("analytics: reset")
  }

  public func setEnabled(_ enabled: Bool) {
    consent.setEnabled(enabled)
  }

  /// `Session Signed In {provider=email}`: the name, then the properties sorted by key (UTF-8 order).
  public static func render(_ event: TrackedEvent) -> String {
    let bag = event.encodedPrimitives()
    guard !bag.isEmpty else { return event.encodedName() }
    let keys = bag.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let pairs = keys.map { key in "\(key)=\(bag[key].map(\.description) ?? "")" }
    return event.encodedName() + " {" + pairs.joined(separator: ", ") + "}"
  }
}
