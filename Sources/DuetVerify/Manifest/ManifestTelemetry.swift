/// The manifest's `telemetry:` section: the declared event taxonomy.
///
/// Declaring events in the manifest makes adding one a reviewed decision; the taxonomy gate holds
/// the names found in the recordings to exactly this list.
public struct ManifestTelemetry: Equatable, Sendable {
  /// Verbs the app mints beyond the starter vocabulary (`Signed In`).
  public var verbs: [ManifestEntry]
  /// Declared event names, `Subject Verb` (`Session Signed In`).
  public var events: [ManifestEntry]

  public init(verbs: [ManifestEntry] = [], events: [ManifestEntry] = []) {
    self.verbs = verbs
    self.events = events
  }
}

/// A name written in the manifest, with the line it is on (every manifest problem names its line).
public struct ManifestEntry: Equatable, Hashable, Sendable {
  public var name: String
  public var line: Int

  public init(name: String, line: Int) {
    self.name = name
    self.line = line
  }
}
