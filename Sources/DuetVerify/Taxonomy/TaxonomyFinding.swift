/// One problem the taxonomy gate found in the recordings or the declared taxonomy. Recording
/// findings fill fixture, step and path, manifest findings the line (Swift's memberwise initialiser).
///
/// A run's summary (`.runs/`, `verify --json`, read back by `merge`) stores it as its `Codable`
/// form, which leaves the rule out; `taxonomy --json` (``jsonValue``) names the rule too.
struct TaxonomyFinding: Codable, Equatable, Sendable {
  /// Whether the finding fails the gate.
  enum Severity: String, Codable, Equatable, Sendable {
    /// Fails the gate (exit code 1).
    case error
    /// Printed, but the gate still passes.
    case warning
  }

  /// Whether it fails the gate.
  var severity: Severity
  /// A full sentence: what is wrong, where, and what to do next.
  var message: String
  /// The fixture it was found in, when it comes from a recording.
  var fixture: String?
  /// The 0-based step index, when it comes from a recording.
  var step: Int?
  /// The JSON path inside the fixture document (`steps[2].expectedEffects[0].payload.value.event`).
  var path: String?
  /// The manifest line, when it comes from the declaration.
  var manifestLine: Int?
  /// Which rule produced it, for tools that group or filter findings.
  var rule: TaxonomyRule?

  enum CodingKeys: String, CodingKey {
    case severity, message, fixture, step, path, manifestLine
  }
}

/// The rules of the taxonomy gate (docs/telemetry.md), one case each.
enum TaxonomyRule: String, Equatable, Sendable, CaseIterable {
  /// A `track` envelope that does not decode with the grammar.
  case malformedEnvelope = "malformed-envelope"
  /// A recorded event name the manifest does not declare.
  case undeclaredEvent = "undeclared-event"
  /// A declared event name no recording emits.
  case neverRecorded = "never-recorded"
  /// An event emitted by a feature that does not declare it (another feature does).
  case emittedByNonDeclarer = "emitted-by-non-declarer"
  /// Recordings emit events but no feature declares any.
  case missingTelemetrySection = "missing-telemetry-section"
  /// A verb that is neither a starter verb nor minted by the manifest.
  case unknownVerb = "unknown-verb"
  /// A minted verb no recorded event uses (a warning).
  case unusedMintedVerb = "unused-minted-verb"
  /// A minted verb that is already a starter verb (a warning).
  case redundantMintedVerb = "redundant-minted-verb"
  /// A parameter key that is not snake_case.
  case paramKeyNotSnakeCase = "param-key-not-snake-case"
  /// One event carrying the same parameter key twice.
  case duplicateParamKey = "duplicate-param-key"
  /// One event name carrying different parameter keys or kinds in different places.
  case paramShapeChanged = "param-shape-changed"
  /// A string value that looks like user content (an email address, a phone number, free text).
  case privacy = "privacy"
}
