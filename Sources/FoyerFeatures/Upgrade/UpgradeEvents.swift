import DuetTelemetry

/// The events the upgrade flow emits.
enum UpgradeEvents {
  /// The purchases port confirmed a purchase of `plan`.
  static func completed(plan: Plan) -> TrackedEvent {
    let spelled: String
    switch plan {
    case .monthly: spelled = "monthly"
    case .yearly: spelled = "yearly"
    }
    return TrackedEvent(subject: "Upgrade", verb: .completed, params: [.string(key: "plan", value: spelled)])
  }
}
