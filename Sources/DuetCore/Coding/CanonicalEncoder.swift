import Foundation

/// Encodes `Encodable` values into the canonical dialect, enforcing its rules by construction.
///
/// `JSONEncoder` cannot be used: it writes floats, `null`s and synthesized enum shapes. This
/// encoder omits nil optionals, lower-cases UUIDs, writes dates with floored milliseconds, refuses
/// `Double`/`Float` with the field's path, and writes `CanonicalSumCodable` enums as `case`/`value`
/// envelopes.
public struct CanonicalEncoder: Sendable {
  public init() {}

  /// The value as a canonical tree; errors name paths under `root` (`state`, `action`, …).
  public func encode<T: Encodable>(_ value: T, root: String = "") throws(CanonicalCodingError) -> JSONValue {
    let path = JSONPath(root: root)
    do {
      return try CanonicalEncoding.box(value, path: path, codingPath: [])
    } catch {
      throw CanonicalCodingError.from(error, at: path)
    }
  }

  /// The value in compact canonical form.
  public func compact<T: Encodable>(_ value: T, root: String = "") throws(CanonicalCodingError) -> String {
    let tree = try encode(value, root: root)
    do {
      return try CanonicalWriter.compact(tree)
    } catch {
      throw .invalidValue(error.description, path: JSONPath(root: root))
    }
  }
}

/// The recursive step shared by every container: special types first, then the value's own coding.
enum CanonicalEncoding {
  static func box<T: Encodable>(_ value: T, path: JSONPath, codingPath: [any CodingKey]) throws -> JSONValue {
    switch value {
    case let date as Date: return .string(CanonicalDate.format(date))
    case let uuid as UUID: return .string(uuid.uuidString.lowercased())
    case let double as CanonicalDouble: return .fraction(double.canonicalText)
    case is Double, is Float: throw CanonicalCodingError.floatingPointForbidden(path: path)
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .integer(Int64(number))
    case let number as Int64: return .integer(number)
    default: break
    }
    let encoder = TreeEncoder(path: path, codingPath: codingPath)
    try value.encode(to: encoder)
    let tree = encoder.finish()
    if value is any CanonicalSumCodable {
      return try SumEnvelope.wrap(tree, typeName: String(describing: T.self), path: path)
    }
    return tree
  }

  static func integer<N: BinaryInteger>(_ number: N, path: JSONPath) throws -> JSONValue {
    guard let exact = Int64(exactly: number) else {
      throw CanonicalCodingError.integerOutOfRange(String(number), typeName: "Int64", path: path)
    }
    return .integer(exact)
  }
}

/// A node under construction: containers fill boxes that are frozen into a `JSONValue` at the end.
enum EncodingNode {
  case value(JSONValue)
  case object(ObjectBox)
  case array(ArrayBox)
  case deferred(TreeEncoder)

  func freeze() -> JSONValue {
    switch self {
    case .value(let value): return value
    case .object(let box): return .object(box.members.mapValues { $0.freeze() })
    case .array(let box): return .array(box.elements.map { $0.freeze() })
    case .deferred(let encoder): return encoder.finish()
    }
  }
}

final class ObjectBox {
  var members: [String: EncodingNode] = [:]
}

final class ArrayBox {
  var elements: [EncodingNode] = []
}

/// The `Encoder` a value's `encode(to:)` sees.
final class TreeEncoder: Encoder {
  let path: JSONPath
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var root: EncodingNode?

  init(path: JSONPath, codingPath: [any CodingKey]) {
    self.path = path
    self.codingPath = codingPath
  }

  /// The tree written; a value that wrote nothing is an empty object.
  func finish() -> JSONValue {
    root?.freeze() ?? .object([:])
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: ObjectBox
    if case .object(let existing) = root {
      box = existing
    } else {
      box = ObjectBox()
      root = .object(box)
    }
    return KeyedEncodingContainer(ObjectEncodingContainer<Key>(box: box, path: path, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: ArrayBox
    if case .array(let existing) = root {
      box = existing
    } else {
      box = ArrayBox()
      root = .array(box)
    }
    return ArrayEncodingContainer(box: box, path: path, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueEncodingContainer(encoder: self)
  }
}

struct ObjectEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: ObjectBox
  let path: JSONPath
  let codingPath: [any CodingKey]

  /// Nil optionals are omitted entirely; the dialect never writes `null` for them.
  mutating func encodeNil(forKey key: Key) throws {}

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.members[key.stringValue] = .value(
      try CanonicalEncoding.box(value, path: path.appending(key: key.stringValue), codingPath: codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = ObjectBox()
    box.members[key.stringValue] = .object(child)
    return KeyedEncodingContainer(
      ObjectEncodingContainer<NestedKey>(
        box: child, path: path.appending(key: key.stringValue), codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = ArrayBox()
    box.members[key.stringValue] = .array(child)
    return ArrayEncodingContainer(
      box: child, path: path.appending(key: key.stringValue), codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let encoder = TreeEncoder(path: path.appending(key: key.stringValue), codingPath: codingPath + [key])
    box.members[key.stringValue] = .deferred(encoder)
    return encoder
  }
}

struct ArrayEncodingContainer: UnkeyedEncodingContainer {
  let box: ArrayBox
  let path: JSONPath
  let codingPath: [any CodingKey]
  var count: Int { box.elements.count }

  mutating func encodeNil() throws { box.elements.append(.value(.null)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let index = box.elements.count
    box.elements.append(
      .value(
        try CanonicalEncoding.box(value, path: path.appending(index: index), codingPath: codingPath + [IndexKey(index)])
      ))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let index = box.elements.count
    let child = ObjectBox()
    box.elements.append(.object(child))
    return KeyedEncodingContainer(
      ObjectEncodingContainer<NestedKey>(
        box: child, path: path.appending(index: index), codingPath: codingPath + [IndexKey(index)]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let index = box.elements.count
    let child = ArrayBox()
    box.elements.append(.array(child))
    return ArrayEncodingContainer(
      box: child, path: path.appending(index: index), codingPath: codingPath + [IndexKey(index)])
  }

  mutating func superEncoder() -> any Encoder {
    let index = box.elements.count
    let encoder = TreeEncoder(path: path.appending(index: index), codingPath: codingPath + [IndexKey(index)])
    box.elements.append(.deferred(encoder))
    return encoder
  }
}

struct ValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  func set(_ value: JSONValue) { encoder.root = .value(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { throw CanonicalCodingError.floatingPointForbidden(path: encoder.path) }
  mutating func encode(_ value: Float) throws { throw CanonicalCodingError.floatingPointForbidden(path: encoder.path) }
  mutating func encode(_ value: Int) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) throws { set(.integer(value)) }
  mutating func encode(_ value: UInt) throws { set(try CanonicalEncoding.integer(value, path: encoder.path)) }
  mutating func encode(_ value: UInt8) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt16) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt32) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt64) throws { set(try CanonicalEncoding.integer(value, path: encoder.path)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    set(try CanonicalEncoding.box(value, path: encoder.path, codingPath: encoder.codingPath))
  }
}

/// The coding key of an array element.
struct IndexKey: CodingKey {
  let intValue: Int?
  let stringValue: String
  init(_ index: Int) {
    intValue = index
    stringValue = "Index \(index)"
  }
  init?(intValue: Int) { self.init(intValue) }
  init?(stringValue: String) { nil }
}
