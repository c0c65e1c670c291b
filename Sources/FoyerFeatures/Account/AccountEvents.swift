import DuetTelemetry

/// The events the account screen emits.
enum AccountEvents {
  /// The auth port confirmed the sign-out.
  static let signedOut = TrackedEvent(subject: "Session", verb: .signedOut)
}
