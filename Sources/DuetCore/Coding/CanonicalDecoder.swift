import Foundation

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
    let path = JSONPath(root: root)
    do {
      return try CanonicalDecoding.unbox(type, from: value, path: path, codingPath: [])
    } catch {
      throw CanonicalCodingError.from(error, at: path)
    }
  }
}

/// The recursive step shared by every container.
enum CanonicalDecoding {
  static func unbox<T: Decodable>(_ type: T.Type, from value: JSONValue, path: JSONPath, codingPath: [any CodingKey])
    throws -> T
  {
    if T.self == String.self { return try string(value, path: path) as! T }
    if T.self == Int.self { return try integer(Int.self, value, path: path) as! T }
    if T.self == Int64.self { return try integer(Int64.self, value, path: path) as! T }
    if T.self == Bool.self { return try bool(value, path: path) as! T }
    if T.self == Date.self {
      let text = try string(value, path: path)
      guard let date = CanonicalDate.parse(text) else {
        throw CanonicalCodingError.invalidValue(
          "'\(text)' is not a dialect date (ISO-8601 UTC with milliseconds, like 2026-07-02T09:30:00.000Z)", path: path)
      }
      return date as! T
    }
    if T.self == UUID.self {
      let text = try string(value, path: path)
      guard let uuid = UUID(uuidString: text) else {
        throw CanonicalCodingError.invalidValue("'\(text)' is not a UUID", path: path)
      }
      return uuid as! T
    }
    if T.self == CanonicalDouble.self {
      switch value {
      case .fraction(let lexeme), .largeInteger(let lexeme):
        guard let number = Double(lexeme), let double = CanonicalDouble(number) else {
          throw CanonicalCodingError.invalidValue("\(lexeme) is not a finite number", path: path)
        }
        return double as! T
      case .integer(let number): return CanonicalDouble(Double(number))! as! T
      default: throw CanonicalCodingError.typeMismatch(expected: "a number", found: value.kindName, path: path)
      }
    }
    if T.self == Double.self || T.self == Float.self {
      throw CanonicalCodingError.floatingPointForbidden(path: path)
    }
    let isSum = T.self is any CanonicalSumCodable.Type
    let decoder = TreeDecoder(
      value: value, path: path, codingPath: codingPath, typeName: String(describing: T.self), isSum: isSum)
    do {
      return try T(from: decoder)
    } catch {
      throw CanonicalCodingError.from(error, at: path)
    }
  }

  static func string(_ value: JSONValue, path: JSONPath) throws -> String {
    guard case .string(let text) = value else {
      throw CanonicalCodingError.typeMismatch(expected: "a string", found: describe(value), path: path)
    }
    return text
  }

  static func bool(_ value: JSONValue, path: JSONPath) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw CanonicalCodingError.typeMismatch(expected: "a boolean", found: describe(value), path: path)
    }
    return flag
  }

  static func integer<N: FixedWidthInteger>(_ type: N.Type, _ value: JSONValue, path: JSONPath) throws -> N {
    switch value {
    case .integer(let number):
      guard let exact = N(exactly: number) else {
        throw CanonicalCodingError.integerOutOfRange(String(number), typeName: String(describing: N.self), path: path)
      }
      return exact
    case .largeInteger(let lexeme):
      guard let exact = N(lexeme) else {
        throw CanonicalCodingError.integerOutOfRange(lexeme, typeName: String(describing: N.self), path: path)
      }
      return exact
    default:
      throw CanonicalCodingError.typeMismatch(expected: "an integer", found: describe(value), path: path)
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
  let path: JSONPath
  let codingPath: [any CodingKey]
  let typeName: String
  let isSum: Bool
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, path: JSONPath, codingPath: [any CodingKey], typeName: String, isSum: Bool) {
    self.value = value
    self.path = path
    self.codingPath = codingPath
    self.typeName = typeName
    self.isSum = isSum
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if isSum {
      return KeyedDecodingContainer(
        try SumCaseContainer<Key>(envelope: value, path: path, typeName: typeName, codingPath: codingPath))
    }
    guard case .object(let members) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object (\(typeName))", found: CanonicalDecoding.describe(value), path: path)
    }
    return KeyedDecodingContainer(
      try ObjectDecodingContainer<Key>(members: members, path: path, codingPath: codingPath, typeName: typeName))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an array", found: CanonicalDecoding.describe(value), path: path)
    }
    return ArrayDecodingContainer(elements: elements, path: path, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ValueDecodingContainer(value: value, path: path, codingPath: codingPath)
  }
}

/// An object's members, decoded strictly: a key the type does not know is refused up front.
struct ObjectDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let path: JSONPath
  let codingPath: [any CodingKey]
  let typeName: String
  /// For a sum case's single unlabelled payload: `_0` is the envelope's `value` itself.
  let unlabelledPayload: Bool

  init(
    members: [String: JSONValue], path: JSONPath, codingPath: [any CodingKey], typeName: String,
    unlabelledPayload: Bool = false
  ) throws {
    self.members = members
    self.path = path
    self.codingPath = codingPath
    self.typeName = typeName
    self.unlabelledPayload = unlabelledPayload
    if !unlabelledPayload {
      for key in members.keys.sorted(by: JSONValue.canonicalPrecedes) where Key(stringValue: key) == nil {
        throw CanonicalCodingError.unexpectedKey(key, typeName: typeName, path: path)
      }
    }
  }

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  func childPath(_ key: Key) -> JSONPath {
    unlabelledPayload ? path : path.appending(key: key.stringValue)
  }

  func require(_ key: Key) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      if unlabelledPayload {
        throw CanonicalCodingError.invalidValue("\(typeName) needs a 'value' payload", path: path)
      }
      throw CanonicalCodingError.missingKey(key.stringValue, typeName: typeName, path: path)
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue] == .null }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try CanonicalDecoding.bool(try require(key), path: childPath(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try CanonicalDecoding.string(try require(key), path: childPath(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    throw CanonicalCodingError.floatingPointForbidden(path: childPath(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    throw CanonicalCodingError.floatingPointForbidden(path: childPath(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

  func integer<N: FixedWidthInteger>(_ type: N.Type, _ key: Key) throws -> N {
    try CanonicalDecoding.integer(type, try require(key), path: childPath(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try CanonicalDecoding.unbox(type, from: try require(key), path: childPath(key), codingPath: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let value = try require(key)
    guard case .object(let nested) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object", found: CanonicalDecoding.describe(value), path: childPath(key))
    }
    return KeyedDecodingContainer(
      try ObjectDecodingContainer<NestedKey>(
        members: nested, path: childPath(key), codingPath: codingPath + [key], typeName: typeName))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let value = try require(key)
    guard case .array(let elements) = value else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an array", found: CanonicalDecoding.describe(value), path: childPath(key))
    }
    return ArrayDecodingContainer(elements: elements, path: childPath(key), codingPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: .object(members), path: path, codingPath: codingPath, typeName: typeName, isSum: false)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(
      value: try require(key), path: childPath(key), codingPath: codingPath + [key], typeName: typeName, isSum: false)
  }
}

/// The outer container a synthesized enum decoder sees: exactly one key, the envelope's case.
struct SumCaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let caseName: String
  let payload: JSONValue?
  let path: JSONPath
  let typeName: String
  let codingPath: [any CodingKey]

  init(envelope: JSONValue, path: JSONPath, typeName: String, codingPath: [any CodingKey]) throws {
    guard case .object(let members) = envelope else {
      throw CanonicalCodingError.typeMismatch(
        expected: "a case/value envelope for \(typeName)", found: CanonicalDecoding.describe(envelope), path: path)
    }
    for key in members.keys.sorted(by: JSONValue.canonicalPrecedes) where key != "case" && key != "value" {
      throw CanonicalCodingError.unexpectedKey(key, typeName: "the \(typeName) envelope", path: path)
    }
    guard let caseValue = members["case"] else {
      throw CanonicalCodingError.missingKey("case", typeName: "the \(typeName) envelope", path: path)
    }
    guard case .string(let name) = caseValue else {
      throw CanonicalCodingError.typeMismatch(
        expected: "a case name", found: CanonicalDecoding.describe(caseValue), path: path.appending(key: "case"))
    }
    guard Key(stringValue: name) != nil else {
      throw CanonicalCodingError.unknownCase(name, typeName: typeName, path: path.appending(key: "case"))
    }
    caseName = name
    payload = members["value"]
    self.path = path
    self.typeName = typeName
    self.codingPath = codingPath
  }

  var allKeys: [Key] { [Key(stringValue: caseName)!] }
  func contains(_ key: Key) -> Bool { key.stringValue == caseName }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let valuePath = path.appending(key: "value")
    let caseType = "\(typeName).\(caseName)"
    if NestedKey(stringValue: "_0") != nil {
      var members: [String: JSONValue] = [:]
      if let payload { members["_0"] = payload }
      return KeyedDecodingContainer(
        try ObjectDecodingContainer<NestedKey>(
          members: members, path: valuePath, codingPath: codingPath + [key], typeName: caseType, unlabelledPayload: true
        ))
    }
    guard let payload else {
      return KeyedDecodingContainer(
        try ObjectDecodingContainer<NestedKey>(
          members: [:], path: valuePath, codingPath: codingPath + [key], typeName: caseType))
    }
    guard case .object(let fields) = payload else {
      throw CanonicalCodingError.typeMismatch(
        expected: "an object of labelled values for case '\(caseName)'", found: CanonicalDecoding.describe(payload),
        path: valuePath)
    }
    return KeyedDecodingContainer(
      try ObjectDecodingContainer<NestedKey>(
        members: fields, path: valuePath, codingPath: codingPath + [key], typeName: caseType))
  }

  func unsupported() -> CanonicalCodingError {
    .invalidValue("\(typeName) is marked CanonicalSumCodable but does not use synthesized enum Codable", path: path)
  }

  func decodeNil(forKey key: Key) throws -> Bool { throw unsupported() }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw unsupported() }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw unsupported() }
  func superDecoder() throws -> any Decoder { throw unsupported() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported() }
}

struct ArrayDecodingContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let path: JSONPath
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONValue], path: JSONPath, codingPath: [any CodingKey]) {
    self.elements = elements
    self.path = path
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func next() throws -> (JSONValue, JSONPath) {
    guard currentIndex < elements.count else {
      throw CanonicalCodingError.invalidValue("the array has only \(elements.count) elements", path: path)
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], path.appending(index: currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < elements.count, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let key = IndexKey(currentIndex)
    let (value, elementPath) = try next()
    return try CanonicalDecoding.unbox(type, from: value, path: elementPath, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    let key = IndexKey(currentIndex)
    let (value, elementPath) = try next()
    return try TreeDecoder(
      value: value, path: elementPath, codingPath: codingPath + [key], typeName: "object", isSum: false
    )
    .container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let key = IndexKey(currentIndex)
    let (value, elementPath) = try next()
    return try TreeDecoder(
      value: value, path: elementPath, codingPath: codingPath + [key], typeName: "array", isSum: false
    )
    .unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let key = IndexKey(currentIndex)
    let (value, elementPath) = try next()
    return TreeDecoder(value: value, path: elementPath, codingPath: codingPath + [key], typeName: "value", isSum: false)
  }
}

struct ValueDecodingContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let path: JSONPath
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try CanonicalDecoding.bool(value, path: path) }
  func decode(_ type: String.Type) throws -> String { try CanonicalDecoding.string(value, path: path) }
  func decode(_ type: Double.Type) throws -> Double { throw CanonicalCodingError.floatingPointForbidden(path: path) }
  func decode(_ type: Float.Type) throws -> Float { throw CanonicalCodingError.floatingPointForbidden(path: path) }
  func decode(_ type: Int.Type) throws -> Int { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: Int8.Type) throws -> Int8 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: Int16.Type) throws -> Int16 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: Int32.Type) throws -> Int32 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: Int64.Type) throws -> Int64 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: UInt.Type) throws -> UInt { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try CanonicalDecoding.integer(type, value, path: path) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try CanonicalDecoding.unbox(type, from: value, path: path, codingPath: codingPath)
  }
}
