import DuetCore
import DuetTelemetry

/// What the streaming pass remembers about one event name: small summaries, never documents.
///
/// Everything here is independent of the order fixtures arrive in (counts, sets, minimum
/// locations, the smallest values), so the gate's findings and report are stable even when the
/// verifier streams fixtures from several workers.
struct EventRecord: Sendable {
  var name: String
  var subject: String
  var verb: TrackedVerb
  var first: RecordingLocation
  var emissions = 0
  var owners: Set<String> = []
  /// Each emitting feature's first emission (for the ownership rule's finding).
  var firstByOwner: [String: RecordingLocation] = [:]
  var fixtures: Set<String> = []
  var signatures: [ParamSignature: Sighting] = [:]
  var params: [String: ParamObservation] = [:]

  init(event: TrackedEvent, at location: RecordingLocation) {
    name = event.encodedName()
    subject = event.subject
    verb = event.verb
    first = location
  }

  mutating func note(_ event: TrackedEvent, owner: String, at location: RecordingLocation) {
    emissions += 1
    owners.insert(owner)
    if firstByOwner[owner].map({ location < $0 }) ?? true { firstByOwner[owner] = location }
    fixtures.insert(location.fixture)
    if location < first {
      first = location
      subject = event.subject
      verb = event.verb
    }
    signatures.note(ParamSignature(event.params), at: location, event: name)
    for param in event.params {
      params[param.key, default: ParamObservation()].note(param)
    }
  }

  /// The feature of the first emission (by location order): where an undeclared event belongs.
  var firstEmitter: String? {
    firstByOwner.min { $0.value < $1.value }?.key
  }

  /// The signature most emissions carry (ties: the one seen first): what the others must match.
  var referenceSignature: ParamSignature? {
    signatures.min { lhs, rhs in
      if lhs.value.count != rhs.value.count { return lhs.value.count > rhs.value.count }
      return lhs.value.first < rhs.value.first
    }?.key
  }
}

/// An event's parameter keys and kinds, in key order: what a dashboard's columns are typed by.
struct ParamSignature: Hashable, Sendable, CustomStringConvertible {
  var columns: [Column]

  struct Column: Hashable, Sendable {
    var key: String
    var kind: String
  }

  init(_ params: [TrackedParam]) {
    columns = params.map { Column(key: $0.key, kind: $0.primitive.kindName) }
      .sorted { JSONValue.canonicalPrecedes($0.key, $1.key) || ($0.key == $1.key && $0.kind < $1.kind) }
  }

  /// `{path: string}`, `{photo_count: int, from: string}`, or `no parameters`.
  var description: String {
    columns.isEmpty ? "no parameters" : "{" + columns.map { "\($0.key): \($0.kind)" }.joined(separator: ", ") + "}"
  }
}

/// The kinds and values seen for one parameter key of one event.
struct ParamObservation: Sendable {
  /// How many distinct values a report lists per parameter.
  static let valueCap = 10

  var kinds: Set<String> = []
  /// The smallest distinct values seen (UTF-8 order), at most `valueCap`.
  var values: [String] = []
  var hasMoreValues = false
  /// Values left out because the privacy lint flagged them: a report must not leak them.
  var withheld = 0

  mutating func note(_ param: TrackedParam) {
    kinds.insert(param.primitive.kindName)
    if case .string(_, let value) = param, PrivacyLint.concern(in: value) != nil {
      withheld += 1
      return
    }
    let text = param.primitive.description
    guard !values.contains(text) else { return }
    let position = values.firstIndex { JSONValue.canonicalPrecedes(text, $0) } ?? values.count
    values.insert(text, at: position)
    if values.count > Self.valueCap {
      values.removeLast()
      hasMoreValues = true
    }
  }
}
