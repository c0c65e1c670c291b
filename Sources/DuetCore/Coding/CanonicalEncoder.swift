import DuetPlatform

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
    try encoded(value, root: root).json
  }

  /// The value in compact canonical form: the runner's hot path.
  ///
  /// Most values are written straight into bytes as their `encode(to:)` runs (``DirectEncoding``,
  /// no tree at all); a value outside what that writer covers, and every error, takes the
  /// encoder's ordered tree, so the bytes and the messages are the tree's either way.
  public func compact<T: Encodable>(_ value: T, root: String = "") throws(CanonicalCodingError) -> String {
    if let text = DirectEncoding.compact(value) { return text }
    return try written(value, root: root, pretty: false)
  }

  /// The value in pretty canonical form (2-space indent, one trailing newline), written straight
  /// from the encoder's ordered tree: what report files are made of.
  public func pretty<T: Encodable>(_ value: T, root: String = "") throws(CanonicalCodingError) -> String {
    try written(value, root: root, pretty: true)
  }

  func written<T: Encodable>(_ value: T, root: String, pretty: Bool) throws(CanonicalCodingError) -> String {
    let tree = try encoded(value, root: root)
    do {
      return try CanonicalOutput.laidOut(tree, pretty: pretty).string
    } catch {
      throw .invalidValue(error.description, path: JSONPath(root: root))
    }
  }

  func encoded<T: Encodable>(_ value: T, root: String) throws(CanonicalCodingError) -> EncodedValue {
    let trail = CodingTrail(root: root)
    do {
      return try CanonicalEncoding.box(value, trail: trail)
    } catch {
      throw CanonicalCodingError.from(error, at: trail.jsonPath)
    }
  }
}

/// The recursive step shared by every container: special types first, then the value's own coding.
enum CanonicalEncoding {
  static func box<T: Encodable>(_ value: T, trail: CodingTrail) throws -> EncodedValue {
    // Type identity first: comparing metadata is far cheaper than a dynamic cast per value.
    if T.self == String.self { return .leaf(.string(unsafeBitCast(value, to: String.self))) }
    if T.self == Int.self { return .leaf(.integer(Int64(unsafeBitCast(value, to: Int.self)))) }
    if T.self == Bool.self { return .leaf(.bool(unsafeBitCast(value, to: Bool.self))) }
    if T.self == Int64.self { return .leaf(.integer(unsafeBitCast(value, to: Int64.self))) }
    if T.self == Date.self { return .leaf(.string(CanonicalDate.format(unsafeBitCast(value, to: Date.self)))) }
    if T.self == UUID.self { return .leaf(.string(unsafeBitCast(value, to: UUID.self).uuidString.lowercased())) }
    if T.self == CanonicalDouble.self {
      return .leaf(.fraction(unsafeBitCast(value, to: CanonicalDouble.self).canonicalText))
    }
    if T.self == Double.self || T.self == Float.self {
      throw CanonicalCodingError.floatingPointForbidden(path: trail.jsonPath)
    }
    // The type's shape is looked up once per type, not cast at every value.
    let shape = CodingShape.of(T.self)
    if let collection = shape.encodingCollection {
      return try collection.canonicalTree(of: value, trail: trail)
    }
    let encoder = TreeEncoder(trail: trail)
    try value.encode(to: encoder)
    let tree = encoder.finish()
    if shape.isSum {
      return try SumEnvelope.wrap(tree, type: T.self, trail: trail)
    }
    return tree
  }

  static func integer<N: BinaryInteger>(_ number: N, trail: CodingTrail) throws -> EncodedValue {
    guard let exact = Int64(exactly: number) else {
      throw CanonicalCodingError.integerOutOfRange(String(number), typeName: "Int64", path: trail.jsonPath)
    }
    return .leaf(.integer(exact))
  }
}

/// A container still being filled (a nested container or a super-encoder), frozen at the end.
enum EncodingNode {
  case object(ObjectBox)
  case array(ArrayBox)
  case deferred(TreeEncoder)

  func freeze() -> EncodedValue {
    switch self {
    case .object(let box): return box.freeze()
    case .array(let box): return box.freeze()
    case .deferred(let encoder): return encoder.finish()
    }
  }
}

/// An object under construction, its members in the order they were encoded (a key written twice
/// keeps its last value). Members that are still open containers (synthesized enum payloads,
/// super-encoders) are frozen at the end, in place.
final class ObjectBox {
  var members: [EncodedMember] = []
  var open: [(position: Int, node: EncodingNode)] = []
  /// The coding-key type filling it, when known: `MemberOrder` remembers each type's key order.
  let keyType: ObjectIdentifier?

  init(keyType: ObjectIdentifier? = nil) {
    self.keyType = keyType
  }

  func set(_ key: String, _ value: EncodedValue) {
    members.append(EncodedMember(key, value))
  }

  func add(_ key: String, open node: EncodingNode) {
    open.append((members.count, node))
    members.append(EncodedMember(key, .leaf(.null)))
  }

  func freeze() -> EncodedValue {
    for (position, node) in open { members[position].value = node.freeze() }
    return .object(MemberOrder.shared.canonical(members, type: keyType))
  }
}

/// An array under construction, with the same split as `ObjectBox`.
final class ArrayBox {
  var values: [EncodedValue] = []
  var open: [(position: Int, node: EncodingNode)] = []

  func append(_ node: EncodingNode) {
    open.append((values.count, node))
    values.append(.leaf(.null))
  }

  func freeze() -> EncodedValue {
    for (position, node) in open { values[position] = node.freeze() }
    return .array(values)
  }
}

/// The `Encoder` a value's `encode(to:)` sees.
final class TreeEncoder: Encoder {
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var root: EncodedValue?
  var openRoot: EncodingNode?

  init(trail: CodingTrail) {
    self.trail = trail
  }

  /// The tree written; a value that wrote nothing is an empty object.
  func finish() -> EncodedValue {
    if let openRoot { return openRoot.freeze() }
    return root ?? .object([])
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: ObjectBox
    if case .object(let existing) = openRoot {
      box = existing
    } else {
      box = ObjectBox(keyType: ObjectIdentifier(Key.self))
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

  mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .leaf(.string(value))) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .leaf(.bool(value))) }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    box.set(key.stringValue, .leaf(.integer(Int64(value))))
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .leaf(.integer(value))) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.set(key.stringValue, try CanonicalEncoding.box(value, trail: trail.member(key)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = ObjectBox(keyType: ObjectIdentifier(NestedKey.self))
    box.add(key.stringValue, open: .object(child))
    return KeyedEncodingContainer(ObjectEncodingContainer<NestedKey>(box: child, trail: trail.member(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = ArrayBox()
    box.add(key.stringValue, open: .array(child))
    return ArrayEncodingContainer(box: child, trail: trail.member(key))
  }

  /// The `super` member, whether or not `Key` declares one (it need not: no force-unwrap here).
  mutating func superEncoder() -> any Encoder {
    let encoder = TreeEncoder(trail: trail.member(SuperKey()))
    box.add("super", open: .deferred(encoder))
    return encoder
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let encoder = TreeEncoder(trail: trail.member(key))
    box.add(key.stringValue, open: .deferred(encoder))
    return encoder
  }
}

struct ArrayEncodingContainer: UnkeyedEncodingContainer {
  let box: ArrayBox
  let trail: CodingTrail
  var codingPath: [any CodingKey] { trail.codingPath }
  var count: Int { box.values.count }

  mutating func encodeNil() throws { box.values.append(.leaf(.null)) }
  mutating func encode(_ value: String) throws { box.values.append(.leaf(.string(value))) }
  mutating func encode(_ value: Int) throws { box.values.append(.leaf(.integer(Int64(value)))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    box.values.append(try CanonicalEncoding.box(value, trail: trail.element(box.values.count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = ObjectBox(keyType: ObjectIdentifier(NestedKey.self))
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

  func set(_ value: JSONValue) { encoder.root = .leaf(value) }
  func set(_ value: EncodedValue) { encoder.root = value }

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

/// The key of the member `superEncoder()` writes to.
struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
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
