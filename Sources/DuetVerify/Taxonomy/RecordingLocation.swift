import DuetCore

/// Where in the recordings something was found: fixture, step, node (chains) and JSON path.
///
/// Comparable so that "the first place" is the same whatever order fixtures were streamed in:
/// by fixture name (UTF-8 order), then step, then path.
struct RecordingLocation: Hashable, Sendable, Comparable {
  var fixture: String
  var isChain: Bool
  var step: Int
  var node: String?
  var path: JSONPath

  /// `fixture 'splash.ceremony' step 2 at steps[2]…` / `chain 'chain-root-splash' step 2 (root) at …`.
  var sentencePrefix: String {
    let kind = isChain ? "chain" : "fixture"
    let node = node.map { " (\($0))" } ?? ""
    return "\(kind) '\(fixture)' step \(step)\(node) at \(path)"
  }

  /// `fixture 'splash.ceremony' step 2`, for pointing at a second place in a sentence.
  var shortName: String {
    "\(isChain ? "chain" : "fixture") '\(fixture)' step \(step)"
  }

  func at(_ path: JSONPath) -> RecordingLocation {
    var copy = self
    copy.path = path
    return copy
  }

  static func < (lhs: RecordingLocation, rhs: RecordingLocation) -> Bool {
    if lhs.fixture != rhs.fixture { return JSONValue.canonicalPrecedes(lhs.fixture, rhs.fixture) }
    if lhs.step != rhs.step { return lhs.step < rhs.step }
    return JSONValue.canonicalPrecedes(lhs.path.description, rhs.path.description)
  }
}

/// How often something was seen, and the first place (by `RecordingLocation` order) it was seen.
struct Sighting: Sendable {
  var count: Int
  var first: RecordingLocation
  /// The event name at `first`, for findings that name an example event.
  var event: String

  init(_ location: RecordingLocation, event: String) {
    count = 1
    first = location
    self.event = event
  }

  mutating func note(_ location: RecordingLocation, event: String) {
    count += 1
    if location < first {
      first = location
      self.event = event
    }
  }

  /// ` (and 3 more places)`, or nothing when seen once.
  var moreSuffix: String {
    count > 1 ? " (and \(count - 1) more \(count == 2 ? "place" : "places"))" : ""
  }
}

extension Dictionary where Value == Sighting {
  mutating func note(_ key: Key, at location: RecordingLocation, event: String) {
    if self[key] == nil {
      self[key] = Sighting(location, event: event)
    } else {
      self[key]?.note(location, event: event)
    }
  }
}
