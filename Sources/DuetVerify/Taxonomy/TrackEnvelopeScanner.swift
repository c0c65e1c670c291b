import DuetCore
import DuetPlatform
import DuetTelemetry

/// Finds every `track` envelope in one fixture document and decodes it with the grammar.
///
/// A track envelope is any step effect whose payload is `{"case":"track",…}`, in a leaf fixture
/// (`steps[i].expectedEffects[j]`) or a chain. Shape problems of the fixture itself (no `steps`,
/// a step that is not an object) are the lint's to report; the scanner just finds nothing there.
enum TrackEnvelopeScanner {
  /// One envelope found: the decoded event and who emitted it, or why it could not be read.
  enum Sighted {
    case event(TrackedEvent, owner: String, at: RecordingLocation)
    case malformed(reason: String, at: RecordingLocation)
  }

  /// The envelopes of a loaded recording. One whose bytes were proven canonical (no parsed tree)
  /// and never spell `"track"` holds none: canonical text writes that string only as those seven
  /// bytes, so its steps are not walked (most recordings of most features emit no event).
  static func scan(fixture: String, loaded document: FixtureDocument, feature: String?) -> [Sighted] {
    if document.tree == nil, !document.bytes.isEmpty, !spellsTrack(document.bytes) { return [] }
    return scan(fixture: fixture, document: document.taxonomyDocument, feature: feature)
  }

  /// True when `bytes` hold `"track"` (with its quotes): the fast reader's search for the token
  /// (`memchr` finds each `k`, rare in a recording, and the bytes around it are compared), run
  /// over the whole file.
  static func spellsTrack(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { PrettyFixtureReader.mentionsTrack($0) }
  }

  static func scan(fixture: String, document: JSONValue, feature: String?) -> [Sighted] {
    guard let steps = document["steps"]?.arrayValue else { return [] }
    let isChain = document["initialStates"] != nil
    let leafOwner = feature ?? document["feature"]?.stringValue ?? ownerFromName(fixture)
    var sighted: [Sighted] = []
    for (index, step) in steps.enumerated() {
      guard let effects = step["expectedEffects"]?.arrayValue else { continue }
      let node = isChain ? step["node"]?.stringValue : nil
      for (position, effect) in effects.enumerated() {
        guard case .object(let members) = effect, case .object(let envelope) = members["payload"],
          envelope["case"] == .string("track")
        else { continue }
        // The path is spelled only for an envelope found: most steps emit none.
        let location = RecordingLocation(
          fixture: fixture, isChain: isChain, step: index, node: node,
          path: JSONPath(root: "steps").appending(index: index).appending(key: "expectedEffects").appending(
            index: position))
        sighted.append(read(effect: members, envelope: envelope, at: location, owner: node ?? leafOwner))
      }
    }
    return sighted
  }

  /// `splash` for `splash.ceremony-completes`: the owner of a dialect-1 leaf that names none.
  static func ownerFromName(_ fixture: String) -> String {
    String(fixture.prefix { $0 != "." })
  }

  static func read(
    effect: [String: JSONValue], envelope: [String: JSONValue], at location: RecordingLocation, owner: String
  ) -> Sighted {
    if effect["kind"] != .string("run") {
      return .malformed(
        reason: "a track effect must have \"kind\":\"run\"", at: location.at(location.path.appending(key: "kind")))
    }
    if effect["id"] != nil {
      return .malformed(
        reason: "a track effect is fire-and-forget and carries no id",
        at: location.at(location.path.appending(key: "id")))
    }
    let payloadPath = location.path.appending(key: "payload")
    if let extra = envelope.keys.sorted(by: JSONValue.canonicalPrecedes).first(where: { $0 != "case" && $0 != "value" })
    {
      return .malformed(reason: "the envelope has an unexpected key '\(extra)'", at: location.at(payloadPath))
    }
    let valuePath = payloadPath.appending(key: "value")
    guard case .object(let value) = envelope["value"] else {
      let found = envelope["value"]?.kindName ?? "nothing"
      return .malformed(
        reason: "the envelope's value must be {\"event\":…}, found \(found)", at: location.at(valuePath))
    }
    if let extra = value.keys.sorted(by: JSONValue.canonicalPrecedes).first(where: { $0 != "event" }) {
      return .malformed(reason: "the envelope's value has an unexpected key '\(extra)'", at: location.at(valuePath))
    }
    guard let eventTree = value["event"] else {
      return .malformed(reason: "the envelope's value has no 'event'", at: location.at(valuePath))
    }
    let eventPath = valuePath.appending(key: "event")
    if let known = EventMemo.shared.event(for: eventTree) {
      return .event(known, owner: owner, at: location.at(eventPath))
    }
    do {
      let event = try CanonicalDecoder().decode(TrackedEvent.self, from: eventTree, root: eventPath.description)
      EventMemo.shared.remember(event, for: eventTree)
      return .event(event, owner: owner, at: location.at(eventPath))
    } catch {
      // The decoder named the path under the event's textual root, so it reads in full.
      return .malformed(reason: error.description, at: location.at(JSONPath(root: error.path.description)))
    }
  }
}

/// Events already decoded, by their tree: a corpus repeats the same few events thousands of times,
/// and hashing a small tree costs far less than decoding it again through `Codable`. Only
/// successes are kept (a failure's message names where it was found); the memo is bounded.
final class EventMemo: @unchecked Sendable {
  static let shared = EventMemo()
  static let capacity = 4_096

  private let lock = SystemLock()
  private var events: [JSONValue: TrackedEvent] = [:]

  func event(for tree: JSONValue) -> TrackedEvent? { lock.withLock { events[tree] } }

  func remember(_ event: TrackedEvent, for tree: JSONValue) {
    lock.withLock {
      if events.count >= Self.capacity { events.removeAll(keepingCapacity: true) }
      events[tree] = event
    }
  }
}
