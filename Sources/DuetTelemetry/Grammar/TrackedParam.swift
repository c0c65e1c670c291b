import DuetCore

/// One parameter of an analytics event: a snake_case key and a primitive that describes behaviour.
///
/// Four kinds only, because a vendor's property bag holds only primitives and a dashboard column
/// needs one type. Each case codes as a case/value envelope whose value is `{key, value}`
/// (`{"case":"string","value":{"key":"provider","value":"email"}}`), the same bytes Duet's Kotlin
/// grammar writes. The envelope is written by hand rather than through `CanonicalSumCodable`, so
/// every `Encoder` and `Decoder` — Foundation's `JSONEncoder` included — reads and writes Duet's
/// form, and a sink that persists events stays compatible with the recordings.
///
/// `int` follows Kotlin's 32-bit `Int`: a value outside `Int32` is refused when encoded or decoded,
/// because the Kotlin core could not hold it. `double` holds a `CanonicalDouble`, the one float the
/// dialect admits; a literal needs no unwrapping (`.double(key: "duration_s", value: 1.5)`).
public enum TrackedParam: Hashable, Sendable, Codable {
  /// A label (`provider: email`): an enumeration value, never user content.
  case string(key: String, value: String)
  /// A count or a size (`photo_count: 2`), within Kotlin's 32-bit `Int`.
  case int(key: String, value: Int)
  /// A flag (`retried: false`).
  case bool(key: String, value: Bool)
  /// A measurement (`duration_s: 1.5`), finite by construction.
  case double(key: String, value: CanonicalDouble)

  /// The parameter's key, whatever its kind.
  public var key: String {
    switch self {
    case .string(let key, _), .int(let key, _), .bool(let key, _), .double(let key, _): return key
    }
  }

  /// The parameter's value as a typed primitive.
  public var primitive: TelemetryPrimitive {
    switch self {
    case .string(_, let value): return .string(value)
    case .int(_, let value): return .int(value)
    case .bool(_, let value): return .bool(value)
    case .double(_, let value): return .double(value)
    }
  }

  private enum EnvelopeKeys: String, CodingKey {
    case `case`, value
  }

  private enum FieldKeys: String, CodingKey {
    case key, value
  }

  public init(from decoder: any Decoder) throws {
    let envelope = try decoder.container(keyedBy: EnvelopeKeys.self)
    let kind = try envelope.decode(TrackedParamKind.self, forKey: .case)
    let fields = try envelope.nestedContainer(keyedBy: FieldKeys.self, forKey: .value)
    let key = try fields.decode(String.self, forKey: .key)
    switch kind {
    case .string: self = .string(key: key, value: try fields.decode(String.self, forKey: .value))
    case .bool: self = .bool(key: key, value: try fields.decode(Bool.self, forKey: .value))
    case .double: self = .double(key: key, value: try fields.decode(CanonicalDouble.self, forKey: .value))
    case .int:
      let value = try fields.decode(Int.self, forKey: .value)
      guard Self.fitsKotlinInt(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: .value, in: fields, debugDescription: Self.intRangeSentence(key: key, value: value))
      }
      self = .int(key: key, value: value)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var envelope = encoder.container(keyedBy: EnvelopeKeys.self)
    try envelope.encode(primitive.kindName, forKey: .case)
    var fields = envelope.nestedContainer(keyedBy: FieldKeys.self, forKey: .value)
    try fields.encode(key, forKey: .key)
    switch self {
    case .string(_, let value): try fields.encode(value, forKey: .value)
    case .bool(_, let value): try fields.encode(value, forKey: .value)
    case .double(_, let value): try fields.encode(value, forKey: .value)
    case .int(_, let value):
      guard Self.fitsKotlinInt(value) else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(
            codingPath: fields.codingPath + [FieldKeys.value],
            debugDescription: Self.intRangeSentence(key: key, value: value)))
      }
      try fields.encode(value, forKey: .value)
    }
  }

  static func fitsKotlinInt(_ value: Int) -> Bool {
    Int(Int32.min) <= value && value <= Int(Int32.max)
  }

  static func intRangeSentence(key: String, value: Int) -> String {
    "the int param '\(key)' holds \(value), outside Kotlin's 32-bit Int (\(Int32.min)...\(Int32.max)), so Duet's "
      + "Kotlin core could not decode it; count in a coarser unit or send it as a double param"
  }
}

/// The four envelope case names; an unknown one is reported as the dialect's unknown case.
private enum TrackedParamKind: String, Decodable {
  case string, int, bool, double

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let kind = TrackedParamKind(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "unknown case '\(name)' for TrackedParam (the kinds are string, int, bool and double)",
          underlyingError: CanonicalCodingError.unknownCase(name, typeName: "TrackedParam", path: JSONPath())))
    }
    self = kind
  }
}
