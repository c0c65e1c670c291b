/// An unkeyed container of ``DirectEncoder``: elements written in order.
struct DirectUnkeyedContainer: UnkeyedEncodingContainer {
  let writer: DirectWriter
  let frame: Int
  let depth: Int

  init(writer: DirectWriter, frame: Int, depth: Int) {
    self.writer = writer
    self.frame = frame
    self.depth = depth
  }

  /// The elements written so far through any container of this frame.
  var count: Int { writer.elementCount(frame) }

  var codingPath: [any CodingKey] {
    writer.missed = true
    return []
  }

  mutating func encodeNil() throws {
    try writer.beginElement(frame)
    writer.writeNull()
  }
  mutating func encode(_ value: String) throws {
    try writer.beginElement(frame)
    writer.writeQuoted(value)
  }
  mutating func encode(_ value: Int) throws {
    try writer.beginElement(frame)
    writer.writeInteger(Int64(value))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try writer.beginElement(frame)
    try writer.write(value, depth: depth + 1)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    var nested = 0
    if (try? writer.beginElement(frame)) != nil { nested = writer.open(.object) }
    return writer.keyedContainer(NestedKey.self, frame: nested, depth: depth)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    var nested = 0
    if (try? writer.beginElement(frame)) != nil { nested = writer.open(.array) }
    return DirectUnkeyedContainer(writer: writer, frame: nested, depth: depth)
  }

  /// Super-encoders are left to the tree encoder.
  mutating func superEncoder() -> any Encoder {
    writer.missed = true
    return TreeEncoder(trail: CodingTrail(root: ""))
  }
}
