/// The identity under which an effect runs, so a later effect can cancel it (`"splash.safetyNet"`).
public typealias EffectID = String

/// What a reducer asks the outside world to do, as data.
///
/// Effects are values so a recording can pin them: `run` carries the feature's payload (and an
/// optional id that gives cancel-in-flight semantics), `cancel` stops whatever runs under an id.
/// The wire form uses `kind` rather than `case`, so it never collides with a feature's own sum
/// types: `{"id":"splash.safetyNet","kind":"run","payload":{…}}`, `{"kind":"run","payload":{…}}`,
/// `{"id":"splash.safetyNet","kind":"cancel"}`.
public enum Effect<Payload: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  /// Run `payload`, under `id` when given (a new run under the same id cancels the old one).
  case run(Payload, id: EffectID? = nil)
  /// Cancel whatever runs under `id`.
  case cancel(id: EffectID)

  enum CodingKeys: String, CodingKey {
    case id, kind, payload
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "run":
      self = .run(
        try container.decode(Payload.self, forKey: .payload),
        id: try container.decodeIfPresent(String.self, forKey: .id))
    case "cancel":
      if container.contains(.payload) {
        throw DecodingError.dataCorruptedError(
          forKey: .payload, in: container, debugDescription: "a cancel effect carries no payload")
      }
      self = .cancel(id: try container.decode(String.self, forKey: .id))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "unknown effect kind '\(kind)' (expected 'run' or 'cancel')")
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .run(let payload, let id):
      try container.encode("run", forKey: .kind)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(payload, forKey: .payload)
    case .cancel(let id):
      try container.encode("cancel", forKey: .kind)
      try container.encode(id, forKey: .id)
    }
  }

  /// The payload of a `run`, or `nil` for a `cancel`.
  public var payload: Payload? {
    if case .run(let payload, _) = self { return payload }
    return nil
  }
}
