import DuetCore

/// A property value as a sink sees it: what `TrackedEvent.encodedPrimitives()` maps to.
///
/// Its own type (rather than `Any`) so a sink can switch over the four kinds exhaustively and a
/// test can compare property bags with `==`.
public enum TelemetryPrimitive: Hashable, Sendable, CustomStringConvertible {
  /// A label.
  case string(String)
  /// A count.
  case int(Int)
  /// A flag.
  case bool(Bool)
  /// A finite measurement.
  case double(CanonicalDouble)

  /// The kind's name as the grammar's envelope spells it (`string`, `int`, `bool`, `double`).
  public var kindName: String {
    switch self {
    case .string: return "string"
    case .int: return "int"
    case .bool: return "bool"
    case .double: return "double"
    }
  }

  /// The value as the console sink prints it: strings bare, doubles in their shortest form (`1.5`).
  public var description: String {
    switch self {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .double(let number): return number.canonicalText
    }
  }

  /// The value as a vendor SDK takes it: a `String`, `Int`, `Bool` or `Double`.
  public var foundationValue: AnyHashable {
    switch self {
    case .string(let text): return text
    case .int(let number): return number
    case .bool(let flag): return flag
    case .double(let number): return number.value
    }
  }

  /// The value as a JSON tree, to compare with a recorded property bag.
  public var jsonValue: JSONValue {
    switch self {
    case .string(let text): return .string(text)
    case .int(let number): return .integer(Int64(number))
    case .bool(let flag): return .bool(flag)
    case .double(let number): return .fraction(number.canonicalText)
    }
  }
}
