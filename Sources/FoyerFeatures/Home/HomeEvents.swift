import DuetTelemetry

/// The events the home screen emits.
enum HomeEvents {
  /// A locked card opened the upgrade offer.
  static let promoViewed = TrackedEvent(subject: "Promo", verb: .viewed)
}
