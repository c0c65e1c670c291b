import DuetCore

/// One parameter of an analytics event: a snake_case key and a primitive that describes behaviour.
///
/// Four kinds only, because a vendor's property bag holds only primitives and a dashboard column
/// needs one type. Each case codes as a case/value envelope whose value is `{key, value}`
/// (`{"case":"string","value":{"key":"provider","value":"email"}}`), the same bytes Duet's Kotlin
/// grammar writes. The `double` case holds a `CanonicalDouble`: the one float the dialect admits.
public enum TrackedParam: Hashable, Sendable, CanonicalSumCodable {
  /// A label (`provider: email`): an enumeration value, never user content.
  case string(key: String, value: String)
  /// A count or a size (`photo_count: 2`).
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

  /// The parameter's value as a vendor SDK receives it.
  public var primitive: TelemetryPrimitive {
    switch self {
    case .string(_, let value): return .string(value)
    case .int(_, let value): return .int(value)
    case .bool(_, let value): return .bool(value)
    case .double(_, let value): return .double(value)
    }
  }
}
