/// The single-value container of ``DirectEncoder``: the value written where it stands.
struct DirectValueContainer: SingleValueEncodingContainer {
  let encoder: DirectEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  private var writer: DirectWriter { encoder.writer }

  init(encoder: DirectEncoder) {
    self.encoder = encoder
  }

  mutating func encodeNil() throws {
    try encoder.claimSingleValue()
    writer.writeNull()
  }
  mutating func encode(_ value: Bool) throws {
    try encoder.claimSingleValue()
    writer.writeBool(value)
  }
  mutating func encode(_ value: String) throws {
    try encoder.claimSingleValue()
    writer.writeQuoted(value)
  }
  mutating func encode(_ value: Double) throws { throw writer.miss() }
  mutating func encode(_ value: Float) throws { throw writer.miss() }
  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.claimSingleValue()
    try writer.write(value, depth: encoder.depth + 1)
  }

  private func integer<N: BinaryInteger>(_ value: N) throws {
    try encoder.claimSingleValue()
    try writer.writeInteger(exactly: value)
  }
}
