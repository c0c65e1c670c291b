import DuetPlatform

/// Decodes canonical trees into `Decodable` values, strictly.
///
/// Strict because a silently ignored key is a silently ignored behaviour: an unknown key, a missing
/// non-optional key, an unknown sum case or `1.0` where an integer belongs are each an error that
/// names the type and the JSON path.
public struct CanonicalDecoder: Sendable {
  public init() {}

  /// Decodes `value` as `type`; errors name paths under `root` (`state`, `action`, …).
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, root: String = "")
    throws(CanonicalCodingError) -> T
  {
    let trail = CodingTrail(root: root)
    do {
      return try CanonicalDecoding.unbox(type, from: value, trail: trail)
    } catch {
      throw CanonicalCodingError.from(error, at: trail.jsonPath)
    }
  }
}

/// The recursive step shared by every container.
enum CanonicalDecoding {
  static func unbox<T: Decodable>(_ type: T.Type, from value: JSONValue, trail: CodingTrail) throws -> T {
    // Type identity, then a bit cast between identical types: no dynamic cast per value.
    if T.self == String.self { return unsafeBitCast(try string(value, trail), to: T.self) }
    if T.self == Int.self {
      if case .integer(let number) = value, let exact = Int(exactly: number) { return unsafeBitCast(exact, to: T.self) }
      return unsafeBitCast(try integer(Int.self, value, trail), to: T.self)
    }
    if T.self == Int64.self {
      if case .integer(let number) = value { return unsafeBitCast(number, to: T.self) }
      return unsafeBitCast(try integer(Int64.self, value, trail), to: T.self)
    }
    if T.self == Bool.self { return unsafeBitCast(try bool(value, trail), to: T.self) }
    if T.self == Date.self {
      let text = try string(value, trail)
      guard let date = CanonicalDate.parse(text) else {
        throw CanonicalCodingError.invalidValue(
          "'\(text)' is not a dialect date (ISO-8601 UTC with milliseconds, like 2026-07-02T09:30:00.000Z)",
          path: trail.jsonPath)
      }
      return date as! T
    }
    if T.self == UUID.self {
      let text = try string(value, trail)
      guard let uuid = UUID(uuidString: text) else {
        throw CanonicalCodingError.invalidValue("'\(text)' is not a UUID", path: trail.jsonPath)
      }
      return uuid as! T
    }
    if T.self == CanonicalDouble.self {
      switch value {
      case .fraction(let lexeme), .largeInteger(let lexeme):
        guard let number = Double(lexeme), let double = CanonicalDouble(number) else {
          throw CanonicalCodingError.invalidValue("\(lexeme) is not a finite number", path: trail.jsonPath)
        }
        return double as! T
      case .integer(let number): return CanonicalDouble(Double(number))! as! T
      default:
        throw CanonicalCodingError.typeMismatch(expected: "a number", found: value.kindName, path: trail.jsonPath)
      }
    }
    if T.self == Double.self || T.self == Float.self {
      throw CanonicalCodingError.floatingPointForbidden(path: trail.jsonPath)
    }
    let shape = CodingShape.of(T.self)
    if let collection = shape.decodingCollection {
      return try collection.canonicalDecoded(from: value, trail: trail) as! T
    }
    let decoder = TreeDecoder(value: value, trail: trail, typeName: .type(T.self), isSum: shape.isSum)
    do {
      return try T(from: decoder)
    } catch {
      throw CanonicalCodingError.from(error, at: trail.jsonPath)
    }
  }

  static func string(_ value: JSONValue, _ trail: CodingTrail) throws -> String {
    guard case .string(let text) = value else {
      throw CanonicalCodingError.typeMismatch(expected: "a string", found: describe(value), path: trail.jsonPath)
    }
    return text
  }

  static func bool(_ value: JSONValue, _ trail: CodingTrail) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw CanonicalCodingError.typeMismatch(expected: "a boolean", found: describe(value), path: trail.jsonPath)
    }
    return flag
  }

  static func integer<N: FixedWidthInteger>(_ type: N.Type, _ value: JSONValue, _ trail: CodingTrail) throws -> N {
    switch value {
    case .integer(let number):
      guard let exact = N(exactly: number) else {
        throw CanonicalCodingError.integerOutOfRange(
          String(number), typeName: String(describing: N.self), path: trail.jsonPath)
      }
      return exact
    case .largeInteger(let lexeme):
      guard let exact = N(lexeme) else {
        throw CanonicalCodingError.integerOutOfRange(lexeme, typeName: String(describing: N.self), path: trail.jsonPath)
      }
      return exact
    default:
      throw CanonicalCodingError.typeMismatch(expected: "an integer", found: describe(value), path: trail.jsonPath)
    }
  }

  /// `a string`, `the non-integer number 1.0`: what was found, for mismatch messages.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .fraction(let lexeme): return "the non-integer number \(lexeme)"
    case .integer(let number): return "the integer \(number)"
    case .string(let text): return "the string \(CanonicalWriter.quoted(text))"
    default: return value.kindName
    }
  }
}

/// The `Decoder` a value's `init(from:)` sees.
final class TreeDecoder: Decoder {
  let value: JSONValue
  let trail: CodingTrail
  let typeName: TypeName
  let isSum: Bool
  var codingPath: [any CodingKey] { trail.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, trail: CodingTrail, typeName: TypeName, isSum: Bool) {
    self.value = value
    self.trail = trail
    self.typeName = typeName
    self.isSum = isSum
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if isSum {
      return KeyedDecodingContainer(try SumCaseContainer<Key>(envelope: value, trail: trail, typeName: typeName))
    }
    guard case .object(let members) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object (\(typeName))", found: CanonicalDecoding.describe(value), path: trail.jsonPath)
    }
    return KeyedDecodingContainer(try ObjectDecodingContainer<Key>(members: members, trail: trail, typeName: typeName))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an array", found: CanonicalDecoding.describe(value), path: trail.jsonPath)
    }
    return ArrayDecodingContainer(elements: elements, trail: trail)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ValueDecodingContainer(value: value, trail: trail)
  }
}

/// An object's members, decoded strictly: a key the type does not know is refused up front.
struct ObjectDecodingContainer<Key: CodingKey>: IntegerKeyedDecoding {
  let members: [String: JSONValue]
  let trail: CodingTrail
  let typeName: TypeName
  /// For a sum case's single unlabelled payload: `_0` is the envelope's `value` itself.
  let unlabelledPayload: Bool
  var codingPath: [any CodingKey] { trail.codingPath }

  init(members: [String: JSONValue], trail: CodingTrail, typeName: TypeName, unlabelledPayload: Bool = false) throws {
    self.members = members
    self.trail = trail
    self.typeName = typeName
    self.unlabelledPayload = unlabelledPayload
    guard !unlabelledPayload else { return }
    for key in members.keys where !KeyMemory.shared.accepts(key, as: Key.self) {
      // Name the first unknown key in canonical order, so the message is stable.
      let unknown = members.keys.filter { !KeyMemory.shared.accepts($0, as: Key.self) }.sorted(
        by: JSONValue.canonicalPrecedes)
      throw CanonicalCodingError.unexpectedKey(unknown[0], typeName: typeName.description, path: trail.jsonPath)
    }
  }

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  func child(_ key: Key) -> CodingTrail {
    unlabelledPayload ? trail.swiftOnly(key) : trail.member(key)
  }

  func require(_ key: Key) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      if unlabelledPayload {
        throw CanonicalCodingError.invalidValue("\(typeName) needs a 'value' payload", path: trail.jsonPath)
      }
      throw CanonicalCodingError.missingKey(key.stringValue, typeName: typeName.description, path: trail.jsonPath)
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue] == .null }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let value = try require(key)
    if case .bool(let flag) = value { return flag }
    return try CanonicalDecoding.bool(value, child(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let value = try require(key)
    if case .string(let text) = value { return text }
    return try CanonicalDecoding.string(value, child(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    throw CanonicalCodingError.floatingPointForbidden(path: child(key).jsonPath)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    throw CanonicalCodingError.floatingPointForbidden(path: child(key).jsonPath)
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let value = try require(key)
    if case .integer(let number) = value, let exact = Int(exactly: number) { return exact }
    return try CanonicalDecoding.integer(type, value, child(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    let value = try require(key)
    if case .integer(let number) = value { return number }
    return try CanonicalDecoding.integer(type, value, child(key))
  }

  func integer<N: FixedWidthInteger>(_ type: N.Type, _ key: Key) throws -> N {
    let value = try require(key)
    if case .integer(let number) = value, let exact = N(exactly: number) { return exact }
    return try CanonicalDecoding.integer(type, value, child(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try CanonicalDecoding.unbox(type, from: try require(key), trail: child(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try TreeDecoder(value: try require(key), trail: child(key), typeName: typeName, isSum: false).container(
      keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TreeDecoder(value: try require(key), trail: child(key), typeName: typeName, isSum: false).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: .object(members), trail: trail, typeName: typeName, isSum: false)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(value: try require(key), trail: child(key), typeName: typeName, isSum: false)
  }
}

/// The outer container a synthesized enum decoder sees: exactly one key, the envelope's case.
struct SumCaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let caseName: String
  let payload: JSONValue?
  let trail: CodingTrail
  let typeName: TypeName
  var codingPath: [any CodingKey] { trail.codingPath }

  init(envelope: JSONValue, trail: CodingTrail, typeName: TypeName) throws {
    guard case .object(let members) = envelope else {
      throw CanonicalCodingError.typeMismatch(
        expected: "a case/value envelope for \(typeName)", found: CanonicalDecoding.describe(envelope),
        path: trail.jsonPath)
    }
    // Sorted only when there is something to name (the first in canonical order): a sort per
    // envelope was a tenth of a tiny request's decoding.
    if members.keys.contains(where: { $0 != "case" && $0 != "value" }) {
      for key in members.keys.sorted(by: JSONValue.canonicalPrecedes) where key != "case" && key != "value" {
        throw CanonicalCodingError.unexpectedKey(key, typeName: "the \(typeName) envelope", path: trail.jsonPath)
      }
    }
    guard let caseValue = members["case"] else {
      throw CanonicalCodingError.missingKey("case", typeName: "the \(typeName) envelope", path: trail.jsonPath)
    }
    guard case .string(let name) = caseValue else {
      throw CanonicalCodingError.typeMismatch(
        expected: "a case name", found: CanonicalDecoding.describe(caseValue),
        path: trail.jsonMember("case").jsonPath)
    }
    // The one key, as an array made once per case name (no `Key?` per envelope).
    let keys = KeyMemory.shared.single(name, as: Key.self)
    guard !keys.isEmpty else {
      throw CanonicalCodingError.unknownCase(
        name, typeName: typeName.description, path: trail.jsonMember("case").jsonPath)
    }
    caseName = name
    allKeys = keys
    payload = members["value"]
    self.trail = trail
    self.typeName = typeName
  }

  /// The one case, made once: a synthesized `init(from:)` reads `allKeys` several times.
  let allKeys: [Key]
  func contains(_ key: Key) -> Bool { key.stringValue == caseName }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let valueTrail = trail.jsonMember("value")
    let caseType = TypeName.caseOf(typeName.type, caseName)
    if KeyMemory.shared.accepts("_0", as: NestedKey.self) {
      var members: [String: JSONValue] = [:]
      if let payload { members["_0"] = payload }
      return KeyedDecodingContainer(
        try ObjectDecodingContainer<NestedKey>(
          members: members, trail: valueTrail, typeName: caseType, unlabelledPayload: true))
    }
    guard let payload else {
      return KeyedDecodingContainer(
        try ObjectDecodingContainer<NestedKey>(members: [:], trail: valueTrail, typeName: caseType))
    }
    guard case .object(let fields) = payload else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object of labelled values for case '\(caseName)'", found: CanonicalDecoding.describe(payload),
        path: valueTrail.jsonPath)
    }
    return KeyedDecodingContainer(
      try ObjectDecodingContainer<NestedKey>(members: fields, trail: valueTrail, typeName: caseType))
  }

  func unsupported() -> CanonicalCodingError {
    .invalidValue(
      "\(typeName) is marked CanonicalSumCodable but does not use synthesized enum Codable", path: trail.jsonPath)
  }

  func decodeNil(forKey key: Key) throws -> Bool { throw unsupported() }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw unsupported() }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw unsupported() }
  func superDecoder() throws -> any Decoder { throw unsupported() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported() }
}

struct ArrayDecodingContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let trail: CodingTrail
  var currentIndex = 0
  var codingPath: [any CodingKey] { trail.codingPath }

  init(elements: [JSONValue], trail: CodingTrail) {
    self.elements = elements
    self.trail = trail
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func next() throws -> (JSONValue, CodingTrail) {
    guard currentIndex < elements.count else {
      throw CanonicalCodingError.invalidValue("the array has only \(elements.count) elements", path: trail.jsonPath)
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], trail.element(currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < elements.count, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, elementTrail) = try next()
    return try CanonicalDecoding.unbox(type, from: value, trail: elementTrail)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let (value, elementTrail) = try next()
    return try TreeDecoder(value: value, trail: elementTrail, typeName: .word("object"), isSum: false).container(
      keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, elementTrail) = try next()
    return try TreeDecoder(value: value, trail: elementTrail, typeName: .word("array"), isSum: false).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, elementTrail) = try next()
    return TreeDecoder(value: value, trail: elementTrail, typeName: .word("value"), isSum: false)
  }
}

struct ValueDecodingContainer: IntegerValueDecoding {
  let value: JSONValue
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try CanonicalDecoding.bool(value, trail) }
  func decode(_ type: String.Type) throws -> String { try CanonicalDecoding.string(value, trail) }
  func decode(_ type: Double.Type) throws -> Double {
    throw CanonicalCodingError.floatingPointForbidden(path: trail.jsonPath)
  }
  func decode(_ type: Float.Type) throws -> Float {
    throw CanonicalCodingError.floatingPointForbidden(path: trail.jsonPath)
  }
  func integer<N: FixedWidthInteger>(_ type: N.Type) throws -> N {
    try CanonicalDecoding.integer(type, value, trail)
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try CanonicalDecoding.unbox(type, from: value, trail: trail)
  }
}
