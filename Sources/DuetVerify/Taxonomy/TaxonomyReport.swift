import DuetCore

/// The taxonomy as the recordings state it, set against the declared one: what
/// `duet-verify taxonomy` prints.
///
/// A value built by the same streaming pass as the gate (`TaxonomyGate.report()`), so renderers
/// only format it. Declared events come first in manifest order, then undeclared ones by name.
/// The report and its `Param` take Swift's memberwise initialisers (for renderers and tests).
struct TaxonomyReport: Equatable, Sendable {
  /// Whether any feature of the manifest declares events or verbs at all.
  var hasDeclaration: Bool
  /// One row per event name, recorded or declared.
  var events: [Event]
  /// The gate's findings, in its stable order.
  var findings: [TaxonomyFinding]
  /// How many fixtures were read.
  var fixturesRead: Int
  /// How many track envelopes were found (malformed ones included).
  var envelopes: Int

  /// The gate passes when no finding is an error.
  var passed: Bool { !findings.contains { $0.severity == .error } }

  /// Whether a name is declared and recorded, recorded only, or declared only.
  enum Status: String, Equatable, Sendable {
    /// Declared in the manifest and recorded.
    case declared
    /// Recorded but not declared: a finding.
    case undeclared
    /// Declared but no recording emits it: a finding.
    case neverRecorded = "never recorded"
  }

  /// One event name and what pins it.
  struct Event: Equatable, Sendable {
    /// `Session Signed In`.
    var name: String
    /// Declared and recorded, recorded only, or declared only.
    var status: Status
    /// The manifest line declaring it, when declared.
    var declaredLine: Int?
    /// Features (or chain nodes) whose reducers emit it, sorted.
    var owners: [String]
    /// Parameters by key.
    var params: [Param]
    /// Fixtures that pin it, sorted.
    var fixtures: [String]
    /// How many envelopes carry it.
    var emissions: Int
    /// Features whose `events:` declare it, in manifest order.
    var declaredBy: [String] = []
  }

  /// One parameter key of an event, with the kinds and values the recordings show.
  struct Param: Equatable, Sendable {
    /// `provider`.
    var key: String
    /// `string`, `int`, `bool`, `double`; more than one is a finding.
    var kinds: [String]
    /// Distinct values seen, as the console prints them, smallest first, at most ten.
    var values: [String]
    /// Whether more distinct values were seen than listed.
    var hasMoreValues: Bool
    /// How many values were left out because the privacy lint flagged them.
    var withheldValues: Int
  }
}

extension TaxonomyGate {
  /// The taxonomy read so far, with `finish()`'s findings.
  func report() -> TaxonomyReport {
    var rows: [TaxonomyReport.Event] = []
    var listed: Set<String> = []
    for entry in declared?.events ?? [] where !listed.contains(entry.name) {
      listed.insert(entry.name)
      let declaredBy = declared?.declarers[entry.name] ?? []
      if let record = events[entry.name] {
        var event = row(record, status: .declared, line: entry.line)
        event.declaredBy = declaredBy
        rows.append(event)
      } else {
        rows.append(
          TaxonomyReport.Event(
            name: entry.name, status: .neverRecorded, declaredLine: entry.line, owners: [], params: [], fixtures: [],
            emissions: 0, declaredBy: declaredBy))
      }
    }
    for name in events.keys.sorted(by: JSONValue.canonicalPrecedes) where !listed.contains(name) {
      if let record = events[name] { rows.append(row(record, status: .undeclared, line: nil)) }
    }
    return TaxonomyReport(
      hasDeclaration: declared != nil, events: rows, findings: finish(), fixturesRead: fixturesRead,
      envelopes: envelopes)
  }

  func row(_ record: EventRecord, status: TaxonomyReport.Status, line: Int?) -> TaxonomyReport.Event {
    let params = record.params.keys.sorted(by: JSONValue.canonicalPrecedes).compactMap { key in
      record.params[key].map { seen in
        TaxonomyReport.Param(
          key: key, kinds: seen.kinds.sorted(), values: seen.values, hasMoreValues: seen.hasMoreValues,
          withheldValues: seen.withheld)
      }
    }
    return TaxonomyReport.Event(
      name: record.name, status: status, declaredLine: line,
      owners: record.owners.sorted(by: JSONValue.canonicalPrecedes), params: params,
      fixtures: record.fixtures.sorted(by: JSONValue.canonicalPrecedes), emissions: record.emissions)
  }
}
