import DuetTelemetry

/// The events the sign-in gate emits.
enum SignInEvents {
  /// A session began; `provider` is the kind of sign-in, never the address.
  static func signedIn(provider: SignInProvider) -> TrackedEvent {
    let kind: String
    switch provider {
    case .email: kind = "email"
    case .guest: kind = "guest"
    }
    return TrackedEvent(subject: "Session", verb: .signedIn, params: [.string(key: "provider", value: kind)])
  }
}
