/// The verb of an analytics event: an open token, not an enum.
///
/// A token because the vocabulary belongs to each app (Foyer mints `Signed In`), while its spelling
/// is load-bearing everywhere: it is the verb's identity, its wire form (a bare JSON string) and
/// the word a dashboard shows. The string is carried verbatim — never trimmed or re-cased — so
/// Swift and Kotlin render the same event name. The ten starter verbs are static members; reach
/// for one of them before minting another, because two spellings of one act split every chart.
public struct TrackedVerb: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The token exactly as a dashboard shows it (`Signed Out`).
  public let token: String

  /// Mints a verb from a token known only at run time; `nil` for the empty token, which would
  /// render an event name ending in a bare space. (`TrackedVerb("Signed In")` with a literal uses
  /// the literal initializer.)
  public init?(token: String) {
    guard !token.isEmpty else { return nil }
    self.token = token
  }

  /// Mints a verb in one line (`static let signedIn: TrackedVerb = "Signed In"`).
  ///
  /// An empty literal is a programming error, so it stops the program where it is written.
  public init(stringLiteral token: String) {
    precondition(!token.isEmpty, "a TrackedVerb token must not be empty")
    self.token = token
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let token = try container.decode(String.self)
    guard !token.isEmpty else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a verb token must not be empty (the event name would end in a bare space)")
    }
    self.token = token
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(token)
  }

  public var description: String { token }

  /// Whether this is one of the ten starter verbs.
  public var isStarter: Bool { Self.starters.contains(self) }
}

extension TrackedVerb {
  /// A screen or item was seen.
  public static let viewed: TrackedVerb = "Viewed"
  /// Something was opened.
  public static let opened: TrackedVerb = "Opened"
  /// A flow began.
  public static let started: TrackedVerb = "Started"
  /// A flow finished successfully.
  public static let completed: TrackedVerb = "Completed"
  /// An attempt failed.
  public static let failed: TrackedVerb = "Failed"
  /// Something was made.
  public static let created: TrackedVerb = "Created"
  /// Something was changed.
  public static let edited: TrackedVerb = "Edited"
  /// Something was removed.
  public static let deleted: TrackedVerb = "Deleted"
  /// A setting was switched.
  public static let toggled: TrackedVerb = "Toggled"
  /// A session ended at the user's request.
  public static let signedOut: TrackedVerb = "Signed Out"

  /// The starter vocabulary in its documented order: what the taxonomy gate accepts without a
  /// `telemetry.verbs` entry.
  public static let starters: [TrackedVerb] = [
    viewed, opened, started, completed, failed, created, edited, deleted, toggled, signedOut,
  ]
}
