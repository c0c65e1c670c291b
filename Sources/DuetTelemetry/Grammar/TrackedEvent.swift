import DuetCore

/// An analytics event as a reducer emits it: a subject, a verb and primitive parameters.
///
/// Events are values so they can ride in a `track` effect and be pinned by the recordings like any
/// other effect. The wire form is `{"params":[...],"subject":"Session","verb":"Signed In"}`, with
/// `params` always written (`[]` when empty), byte for byte what Duet's Kotlin grammar writes.
public struct TrackedEvent: Hashable, Sendable, Codable {
  /// What the event is about (`Session`, `Item Load`).
  public var subject: String
  /// What happened to it (`Signed In`).
  public var verb: TrackedVerb
  /// Behavioural detail, in the order the emitter lists it.
  public var params: [TrackedParam]

  /// An event; `params` defaults to none, which still writes `"params":[]`.
  public init(subject: String, verb: TrackedVerb, params: [TrackedParam] = []) {
    self.subject = subject
    self.verb = verb
    self.params = params
  }

  /// The event's canonical wire form, the bytes the recordings hold: keys sorted, `params` always
  /// written, doubles spelled as Duet's Kotlin core writes them (`1.0E308`, `-0.0`). What a sink
  /// persists with, rather than `JSONEncoder`, whose key order and number spelling (`1e+308`, `-0`)
  /// are Foundation's own; both decode back to the same event.
  public func canonicalJSON() throws(CanonicalCodingError) -> String {
    try CanonicalEncoder().compact(self)
  }

  /// The vendor-facing name: subject, one space, verb token, nothing trimmed or re-cased
  /// (`Session Signed In`). The one encoding rule every platform and every sink shares.
  public func encodedName() -> String {
    subject + " " + verb.token
  }

  /// The property bag a vendor SDK is handed, as the Foundation values such an SDK takes: each
  /// parameter's key mapped to a `String`, `Int`, `Bool` or `Double` (never a wrapper object, which
  /// an SDK would stringify or drop). `AnyHashable` so tests compare bags with `==`; it converts to
  /// `[String: Any]` where an SDK asks for that. When a key repeats, the last parameter wins, as it
  /// would in any vendor's dictionary.
  public func encodedProperties() -> [String: AnyHashable] {
    var bag: [String: AnyHashable] = [:]
    for param in params { bag[param.key] = param.primitive.foundationValue }
    return bag
  }

  /// The same bag with typed values, for a sink that switches over the four kinds (the console
  /// sink, the taxonomy gate) and for tests.
  public func encodedPrimitives() -> [String: TelemetryPrimitive] {
    var bag: [String: TelemetryPrimitive] = [:]
    for param in params { bag[param.key] = param.primitive }
    return bag
  }
}
