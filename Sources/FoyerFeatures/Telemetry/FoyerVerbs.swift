import DuetTelemetry

extension TrackedVerb {
  /// Foyer's one minted verb, the pair of the starter `Signed Out`.
  ///
  /// Every other event reaches for the starter vocabulary first, because a second spelling of one
  /// act splits every dashboard chart in two; the manifest declares this one under the sign-in
  /// feature's `verbs:`.
  static let signedIn: TrackedVerb = "Signed In"
}
