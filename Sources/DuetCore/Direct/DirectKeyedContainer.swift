/// A keyed container of ``DirectEncoder``: each member's bytes written as it comes, put in
/// canonical order when the container closes.
struct DirectKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  /// Where it writes: its own, or a pooled container's (``DirectContainerCell``).
  let cursor: DirectCursor
  var writer: DirectWriter { cursor.writer }
  var frame: Int { cursor.frame }
  var depth: Int { cursor.depth }

  var codingPath: [any CodingKey] {
    writer.missed = true
    return []
  }

  /// Nil optionals are omitted entirely, as the tree encoder omits them.
  mutating func encodeNil(forKey key: Key) throws {}

  mutating func encode(_ value: String, forKey key: Key) throws {
    try writer.beginMember(frame, key.stringValue)
    writer.writeQuoted(value)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try writer.beginMember(frame, key.stringValue)
    writer.writeBool(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    try writer.beginMember(frame, key.stringValue)
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try writer.beginMember(frame, key.stringValue)
    writer.writeInteger(value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try writer.beginMember(frame, key.stringValue)
    try writer.write(value, depth: depth + 1)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = (try? writer.nestedObject(frame, key.stringValue)) ?? 0
    return writer.keyedContainer(NestedKey.self, frame: nested, depth: depth)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = (try? writer.nestedArray(frame, key.stringValue)) ?? 0
    return DirectUnkeyedContainer(writer: writer, frame: nested, depth: depth)
  }

  /// Super-encoders are left to the tree encoder.
  mutating func superEncoder() -> any Encoder {
    writer.missed = true
    return TreeEncoder(trail: CodingTrail(root: ""))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    writer.missed = true
    return TreeEncoder(trail: CodingTrail(root: ""))
  }
}
