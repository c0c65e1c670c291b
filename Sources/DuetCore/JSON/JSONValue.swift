import DuetPlatform

/// An exact JSON value tree: the one representation every comparison in the dialect starts from.
///
/// `JSONSerialization` loses what the gate needs (it turns `1.0` into `1`, reorders keys and
/// cannot report duplicates), so the parser builds this tree instead. Numbers keep their kind:
/// integers are exact `Int64`; anything larger keeps its lexeme so it can be refused with a
/// clear message; a number with a fraction or exponent is a distinct case because the core
/// dialect forbids floating point in fixture-visible values.
public enum JSONValue: Hashable, Sendable {
  /// An object. Key order is not significant; writers emit keys in canonical order.
  case object([String: JSONValue])
  /// An array, in order.
  case array([JSONValue])
  /// A string, already unescaped.
  case string(String)
  /// An integer that fits in 64 bits.
  case integer(Int64)
  /// An integer beyond the 64-bit range, kept as its source lexeme.
  case largeInteger(String)
  /// A number with a fraction or exponent (`1.5`, `1e3`, `-0.0`), kept as its source lexeme.
  case fraction(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// A one-word name for the kind of value, used in error messages.
  public var kindName: String {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .integer, .largeInteger: return "an integer"
    case .fraction: return "a non-integer number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }

  /// The value under `key` when this is an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The members when this is an object.
  public var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The string when this is a string.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The integer when this is a 64-bit integer.
  public var integerValue: Int64? {
    if case .integer(let number) = self { return number }
    return nil
  }

  /// The boolean when this is a boolean.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }
}

extension JSONValue {
  /// Object keys in canonical order: by Unicode scalar value, which is UTF-8 byte order.
  ///
  /// Swift's `String <` compares by canonical equivalence, not bytes, so it cannot be used.
  public static func canonicalKeyOrder(_ members: [String: JSONValue]) -> [String] {
    members.keys.sorted(by: canonicalPrecedes)
  }

  /// True when `a` sorts before `b` in canonical key order (UTF-8 byte order).
  public static func canonicalPrecedes(_ a: String, _ b: String) -> Bool {
    var left = a
    var right = b
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        let shared = min(leftBytes.count, rightBytes.count)
        if shared > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
          let order = memcmp(leftBase, rightBase, shared)
          if order != 0 { return order < 0 }
        }
        return leftBytes.count < rightBytes.count
      }
    }
  }
}
