import DuetTelemetry

/// The events the name editor emits.
enum EditNameEvents {
  /// The account port confirmed a new name. No parameter: the name is the user's.
  static let nameEdited = TrackedEvent(subject: "Name", verb: .edited)
}
