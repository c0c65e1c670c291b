/// The declared event taxonomy: the union of every feature's `events:` and `verbs:`.
///
/// Declaring events in the manifest makes adding one a reviewed decision; the taxonomy gate holds
/// the names found in the recordings to exactly this set, and each event to the features that
/// declare it (an event is declared by the feature whose reducer emits it).
struct ManifestTelemetry: Equatable, Sendable {
  /// Verbs the app mints beyond the starter vocabulary (`Signed In`), in manifest order.
  var verbs: [ManifestEntry]
  /// Declared event names, `Subject Verb` (`Session Signed In`), in manifest order; an event two
  /// features emit appears once per declaring feature.
  var events: [ManifestEntry]
  /// Event name → the features declaring it, in manifest order (empty when built without features).
  var declarers: [String: [String]]

  init(verbs: [ManifestEntry] = [], events: [ManifestEntry] = [], declarers: [String: [String]] = [:]) {
    self.verbs = verbs
    self.events = events
    self.declarers = declarers
  }

  /// The union of `features`' declarations.
  init(features: [ManifestFeature]) {
    self.init()
    for feature in features {
      verbs += feature.verbs
      events += feature.events
      for event in feature.events where !(declarers[event.name] ?? []).contains(feature.name) {
        declarers[event.name, default: []].append(feature.name)
      }
    }
  }
}

/// A name written in the manifest, with the line it is on (every manifest problem names its line).
struct ManifestEntry: Equatable, Hashable, Sendable {
  var name: String
  var line: Int
}
