import DuetTelemetry

/// The events the onboarding flow emits.
enum OnboardingEvents {
  /// The flow finished; `preferenceCount` is how many interests were picked, not which.
  static func completed(preferenceCount: Int) -> TrackedEvent {
    TrackedEvent(
      subject: "Onboarding", verb: .completed, params: [.int(key: "preference_count", value: preferenceCount)])
  }
}
