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
    let trail = CodingTrail(root: root)
    do {
      return try CanonicalEncoding.box(value, trail: trail)
    } catch {
      throw CanonicalCodingError.from(error, at: trail.jsonPath)
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
  static func box<T: Encodable>(_ value: T, trail: CodingTrail) throws -> JSONValue {
    switch value {
    case let text as String: return .string(text)
    case let number as Int: return .integer(Int64(number))
    case let flag as Bool: return .bool(flag)
    case let number as Int64: return .integer(number)
    case let date as Date: return .string(CanonicalDate.format(date))
    case let uuid as UUID: return .string(uuid.uuidString.lowercased())
    case let double as CanonicalDouble: return .fraction(double.canonicalText)
    case is Double, is Float: throw CanonicalCodingError.floatingPointForbidden(path: trail.jsonPath)
    default: break
    }
    let encoder = TreeEncoder(trail: trail)
    try value.encode(to: encoder)
    let tree = encoder.finish()
    if value is any CanonicalSumCodable {
      return try SumEnvelope.wrap(tree, type: T.self, trail: trail)
    }
    return tree
  }

  static func integer<N: BinaryInteger>(_ number: N, trail: CodingTrail) throws -> JSONValue {
    guard let exact = Int64(exactly: number) else {
      throw CanonicalCodingError.integerOutOfRange(String(number), typeName: "Int64", path: trail.jsonPath)
    }
    return .integer(exact)
  }
}

/// A container still being filled (a nested container or a super-encoder), frozen at the end.
enum EncodingNode {
  case object(ObjectBox)
  case array(ArrayBox)
  case deferred(TreeEncoder)

  func freeze() -> JSONValue {
    switch self {
    case .object(let box): return box.freeze()
    case .array(let box): return box.freeze()
    case .deferred(let encoder): return encoder.finish()
    }
  }
}

/// An object under construction. Finished values go straight into `values`; only members that
/// are still open containers wait in `open` (rare: synthesized enum payloads, super-encoders).
final class ObjectBox {
  var values: [String: JSONValue] = [:]
  var open: [String: EncodingNode] = [:]

  func set(_ key: String, _ value: JSONValue) {
    values[key] = value
    if !open.isEmpty { open[key] = nil }
  }

  func freeze() -> JSONValue {
    guard !open.isEmpty else { return .object(values) }
    var members = values
    for (key, node) in open { members[key] = node.freeze() }
    return .object(members)
  }
}

/// An array under construction, with the same split as `ObjectBox`.
final class ArrayBox {
  var values: [JSONValue] = []
  var open: [Int: EncodingNode] = [:]

  func append(_ node: EncodingNode) {
    open[values.count] = node
    values.append(.null)
  }

  func freeze() -> JSONValue {
    guard !open.isEmpty else { return .array(values) }
    var elements = values
    for (index, node) in open { elements[index] = node.freeze() }
    return .array(elements)
  }
}

/// The `Encoder` a value's `encode(to:)` sees.
final class TreeEncoder: Encoder {
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var root: JSONValue?
  var openRoot: EncodingNode?

  init(trail: CodingTrail) {
    self.trail = trail
  }

  /// The tree written; a value that wrote nothing is an empty object.
  func finish() -> JSONValue {
    if let openRoot { return openRoot.freeze() }
    return root ?? .object([:])
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: ObjectBox
    if case .object(let existing) = openRoot {
      box = existing
    } else {
      box = ObjectBox()
      openRoot = .object(box)
    }
    return KeyedEncodingContainer(ObjectEncodingContainer<Key>(box: box, trail: trail))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: ArrayBox
    if case .array(let existing) = openRoot {
      box = existing
    } else {
      box = ArrayBox()
      openRoot = .array(box)
    }
    return ArrayEncodingContainer(box: box, trail: trail)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueEncodingContainer(encoder: self)
  }
}

struct ObjectEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: ObjectBox
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }

  /// Nil optionals are omitted entirely; the dialect never writes `null` for them.
  mutating func encodeNil(forKey key: Key) throws {}

  mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .integer(Int64(value))) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .integer(value)) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.set(key.stringValue, try CanonicalEncoding.box(value, trail: trail.member(key)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = ObjectBox()
    box.open[key.stringValue] = .object(child)
    return KeyedEncodingContainer(ObjectEncodingContainer<NestedKey>(box: child, trail: trail.member(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = ArrayBox()
    box.open[key.stringValue] = .array(child)
    return ArrayEncodingContainer(box: child, trail: trail.member(key))
  }

  mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let encoder = TreeEncoder(trail: trail.member(key))
    box.open[key.stringValue] = .deferred(encoder)
    return encoder
  }
}

struct ArrayEncodingContainer: UnkeyedEncodingContainer {
  let box: ArrayBox
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }
  var count: Int { box.values.count }

  mutating func encodeNil() throws { box.values.append(.null) }
  mutating func encode(_ value: String) throws { box.values.append(.string(value)) }
  mutating func encode(_ value: Int) throws { box.values.append(.integer(Int64(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    box.values.append(try CanonicalEncoding.box(value, trail: trail.element(box.values.count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = ObjectBox()
    let elementTrail = trail.element(box.values.count)
    box.append(.object(child))
    return KeyedEncodingContainer(ObjectEncodingContainer<NestedKey>(box: child, trail: elementTrail))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = ArrayBox()
    let elementTrail = trail.element(box.values.count)
    box.append(.array(child))
    return ArrayEncodingContainer(box: child, trail: elementTrail)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = TreeEncoder(trail: trail.element(box.values.count))
    box.append(.deferred(encoder))
    return encoder
  }
}

struct ValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  func set(_ value: JSONValue) { encoder.root = value }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws {
    throw CanonicalCodingError.floatingPointForbidden(path: encoder.trail.jsonPath)
  }
  mutating func encode(_ value: Float) throws {
    throw CanonicalCodingError.floatingPointForbidden(path: encoder.trail.jsonPath)
  }
  mutating func encode(_ value: Int) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) throws { set(.integer(value)) }
  mutating func encode(_ value: UInt) throws { set(try CanonicalEncoding.integer(value, trail: encoder.trail)) }
  mutating func encode(_ value: UInt8) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt16) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt32) throws { set(.integer(Int64(value))) }
  mutating func encode(_ value: UInt64) throws { set(try CanonicalEncoding.integer(value, trail: encoder.trail)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    set(try CanonicalEncoding.box(value, trail: encoder.trail))
  }
}

/// The coding key of an array element.
struct IndexKey: CodingKey {
  let index: Int
  var intValue: Int? { index }
  var stringValue: String { "Index \(index)" }
  init(_ index: Int) {
    self.index = index
  }
  init?(intValue: Int) { self.init(intValue) }
  init?(stringValue: String) { nil }
}
