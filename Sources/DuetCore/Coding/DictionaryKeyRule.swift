/// Which dictionary keys the dialect writes as object keys, and how.
///
/// An object is the only shape a map has in the dialect (Kotlin's `Map<Page, Boolean>` is
/// `{"welcome":true}`), so a key must be a string in JSON: a `String`, an enum with `String` raw
/// values, or a `CodingKeyRepresentable` type whose coding key is a string. Swift's own
/// `Dictionary` coding writes any other key type as a flat array of keys and values (and `Int`
/// keys as numeric strings), which no other core reads; the rule is decided by the key *type*, so
/// an empty dictionary is refused exactly like a full one.
enum DictionaryKeyRule {
  case string
  /// A `CodingKeyRepresentable` key: its coding key's string (takes precedence over a raw value).
  case codingKey
  /// An enum (or other `RawRepresentable`) with `String` raw values.
  case rawString

  /// The rule for `Key`, or the dialect's refusal naming the key type, the path and the fix.
  init<Key>(for type: Key.Type, trail: CodingTrail) throws {
    if Key.self == String.self {
      self = .string
      return
    }
    let raw = Key.self as? any RawRepresentable.Type
    let isStringRaw = raw.map { Self.hasStringRawValue($0) } ?? false
    if Key.self is any CodingKeyRepresentable.Type, !(Key.self is any BinaryInteger.Type), raw == nil || isStringRaw {
      self = .codingKey
    } else if isStringRaw {
      self = .rawString
    } else {
      throw CanonicalCodingError.unsupportedKeyType(String(describing: Key.self), path: trail.jsonPath)
    }
  }

  /// The object key `key` is written as.
  func name<Key>(of key: Key, trail: CodingTrail) throws -> String {
    switch self {
    case .string:
      return unsafeBitCast(key, to: String.self)
    case .codingKey:
      // A custom coding key may still be an integer one; that is the refused shape too.
      let codingKey = (key as! any CodingKeyRepresentable).codingKey
      guard codingKey.intValue == nil else {
        throw CanonicalCodingError.unsupportedKeyType(String(describing: Key.self), path: trail.jsonPath)
      }
      return codingKey.stringValue
    case .rawString:
      let raw = key as! any RawRepresentable
      return Self.rawText(raw) ?? ""
    }
  }

  /// The key written as `name`, or nil when no `Key` is written that way.
  func key<Key>(named name: String, as type: Key.Type) -> Key? {
    switch self {
    case .string: return unsafeBitCast(name, to: Key.self)
    case .codingKey: return (Key.self as! any CodingKeyRepresentable.Type).init(codingKey: MemberKey(name)) as? Key
    case .rawString:
      let raw = Key.self as! any RawRepresentable.Type
      return Self.make(raw, rawText: name) as? Key
    }
  }

  private static func hasStringRawValue<R: RawRepresentable>(_ type: R.Type) -> Bool {
    R.RawValue.self == String.self
  }

  private static func rawText<R: RawRepresentable>(_ value: R) -> String? {
    value.rawValue as? String
  }

  private static func make<R: RawRepresentable>(_ type: R.Type, rawText: String) -> R? {
    (rawText as? R.RawValue).flatMap(R.init(rawValue:))
  }

  /// The coding key of a dictionary member, for paths and `init(codingKey:)`.
  struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) {
      stringValue = name
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
  }
}
