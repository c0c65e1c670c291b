import DuetCore

/// One problem the taxonomy gate found in the recordings or the declared taxonomy.
public struct TaxonomyFinding: Equatable, Sendable {
  public enum Severity: Equatable, Sendable {
    case error
    case warning
  }

  public var severity: Severity
  /// A full sentence: what is wrong, where, and what to do next.
  public var message: String
  /// The fixture it was found in, when it comes from a recording.
  public var fixture: String?
  /// The 0-based step index, when it comes from a recording.
  public var step: Int?
  /// The JSON path inside the fixture document (`steps[2].expectedEffects[0].payload.value.event`).
  public var path: String?
  /// The manifest line, when it comes from the declaration.
  public var manifestLine: Int?

  public init(
    severity: Severity, message: String, fixture: String? = nil, step: Int? = nil, path: String? = nil,
    manifestLine: Int? = nil
  ) {
    self.severity = severity
    self.message = message
    self.fixture = fixture
    self.step = step
    self.path = path
    self.manifestLine = manifestLine
  }
}

/// The taxonomy gate: reads `track` envelopes out of recordings one fixture at a time (so a large
/// corpus is streamed, never held) and judges the names found against the declared taxonomy.
///
/// PLACEHOLDER (issue 6 replaces the body): the interface is fixed so `verify` can call it now.
public struct TaxonomyGate: Sendable {
  let declared: ManifestTelemetry?

  public init(declared: ManifestTelemetry?) {
    self.declared = declared
  }

  /// Reads every track envelope in one fixture document (leaf or chain).
  public mutating func add(fixture name: String, document: JSONValue) {}

  /// Every finding, errors and warnings, in a stable order.
  public func finish() -> [TaxonomyFinding] { [] }
}
