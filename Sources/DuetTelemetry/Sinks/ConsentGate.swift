import DuetCore

/// A sink's consent flag behind a lock: the one piece of state every sink needs.
///
/// Consent gates the sinks, never the emission, so every sink keeps a flag and drops `track`,
/// `identify` and `reset` while it is off. This is that flag, thread-safe, so a sink author writes
/// `guard consent.isEnabled else { return }` instead of a lock of their own.
public final class ConsentGate: Sendable {
  private let flag: Locked<Bool>

  /// A gate starting at `isEnabled`.
  public init(isEnabled: Bool = true) {
    flag = Locked(isEnabled)
  }

  /// The consent flag last set.
  public var isEnabled: Bool { flag.value }

  /// Applies the user's choice (a sink's `setEnabled` forwards here).
  public func setEnabled(_ enabled: Bool) {
    flag.withLock { $0 = enabled }
  }

  /// Whether `call` may pass: consent changes always, everything else only while enabled.
  public func admits(_ call: SinkCall) -> Bool {
    !call.isGatedByConsent || isEnabled
  }
}
